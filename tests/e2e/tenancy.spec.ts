import { createE2eTenant, expect, test } from "./fixtures";

// A user of company A gets 403/404 for company B's resources, through the running server.
test("company A cannot read company B's users or plan", async ({ request }) => {
  const a = await createE2eTenant();
  const b = await createE2eTenant();
  const login = await request.post("/api/auth/login", { data: { email: a.admin.email, password: a.admin.password } });
  expect(login.status()).toBe(200);
  const { token } = await login.json();
  const headers = { Authorization: `Bearer ${token}` };

  const own = await request.get(`/api/users/${a.agent.id}`, { headers });
  expect(own.status()).toBe(200);
  for (const path of [`/api/users/${b.admin.id}`, `/api/users/${b.agent.id}`, `/api/companies/listPlan/${b.company.id}`]) {
    const res = await request.get(path, { headers });
    expect(res.status(), path).toBe(404);
  }
  const put = await request.put(`/api/users/${b.agent.id}`, { headers, data: { name: "Hijack", email: "hijack@example.com" } });
  expect(put.status()).toBe(404);
  const list = await request.get("/api/users/", { headers });
  const body = await list.json();
  expect(body.users.map((u: { id: number }) => u.id).sort()).toEqual([a.admin.id, a.agent.id].sort());
  const spoof = await request.get(`/api/users?companyId=${b.company.id}`, { headers });
  expect(spoof.status()).toBe(404);
});

import { createE2eTenant, expect, test } from "./fixtures";

// issue 12 §1 over a real server: what happens before any handler runs (proxy.ts on bad
// percent-escapes, Next's routing to the JSON 404 catch-all) and next-auth's endpoints with the
// request scope they need. The handlers' own answers are covered in tests/integration/bad-input-*.

test("a path segment that is not valid percent-encoding answers 400, JSON for the API", async ({ request }) => {
  for (const path of ["/api/users/%ff", "/api/tickets/%E0%A4%A", "/api/media/1/%zz/x", "/api/nothing/%"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(400);
    expect(await res.json(), path).toEqual({ error: "ERR_INVALID_PATH" });
  }
  const post = await request.post("/api/users/%ff", { data: {} });
  expect(post.status()).toBe(400);
  for (const path of ["/tickets/%ff", "/contacts/%E0%A4%A"]) {
    const page = await request.get(path);
    expect(page.status(), path).toBe(400);
    expect(page.headers()["content-type"]).toContain("text/html");
  }
  // a valid escape passes through to the route (here: no credentials)
  const valid = await request.get("/api/users/%31");
  expect(valid.status()).toBe(401);
});

test("an /api path no route serves answers JSON 404 to every method, without shadowing real routes", async ({ request }) => {
  for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
    for (const path of ["/api/nothing/here", "/api/users/1/extra", "/api", "/api/nothing/"]) {
      const res = await request.fetch(path, { method });
      expect(res.status(), `${method} ${path}`).toBe(404);
      expect(await res.json(), `${method} ${path}`).toEqual({ error: "ERR_NOT_FOUND" });
    }
  }
  expect((await request.get("/api/version")).status()).toBe(200);
  expect((await request.get("/api/version/")).status()).toBe(200);
  // a real route without credentials is still that route's answer, not the 404
  expect((await request.get("/api/users")).status()).toBe(401);
  expect((await request.get("/api/users/")).status()).toBe(401);
  expect(await (await request.get("/api/auth/nothing-here")).json()).toEqual({ error: "ERR_NOT_FOUND" });
});

test("next-auth's endpoints work, and what next-auth cannot handle answers 400 JSON", async ({ request }) => {
  const t = await createE2eTenant();
  expect(await (await request.get("/api/auth/session")).json()).toEqual({});
  const callbackGet = await request.get("/api/auth/callback/credentials");
  expect(callbackGet.status()).toBe(400);
  expect(await callbackGet.json()).toEqual({ error: "ERR_INVALID_REQUEST" });
  const badJson = await request.post("/api/auth/session", { headers: { "content-type": "application/json" }, data: "{not json" });
  expect(badJson.status()).toBe(400);
  expect(await badJson.json()).toEqual({ error: "ERR_INVALID_REQUEST" });

  const csrf = await request.get("/api/auth/csrf");
  expect(csrf.status()).toBe(200);
  const { csrfToken } = await csrf.json();
  expect(csrfToken).toBeTruthy();
  const nul = await request.post("/api/auth/callback/credentials", { form: { csrfToken, email: `${t.admin.email}\u0000`, password: t.admin.password, json: "true" } });
  expect(nul.status()).toBeLessThan(500);
  expect((await (await request.get("/api/auth/session")).json()).user).toBeUndefined();
  const signIn = await request.post("/api/auth/callback/credentials", { form: { csrfToken, email: t.admin.email, password: t.admin.password, json: "true" } });
  expect(signIn.status()).toBe(200);
  const session = await (await request.get("/api/auth/session")).json();
  expect(session.user.email).toBe(t.admin.email);
});

test("malformed bodies, NUL and bad ids answer 4xx through the server", async ({ request }) => {
  const multipart = await request.post("/api/auth/login", { headers: { "content-type": "multipart/form-data" }, data: "x" });
  expect(multipart.status()).toBe(400);
  expect(await multipart.json()).toEqual({ error: "ERR_INVALID_BODY" });
  const t = await createE2eTenant();
  const login = await request.post("/api/auth/login", { data: { email: t.admin.email, password: t.admin.password } });
  const headers = { Authorization: `Bearer ${(await login.json()).token}` };
  for (const [method, path] of [
    ["GET", "/api/queue/99999999999"],
    ["DELETE", "/api/tags/-1"],
    ["GET", "/api/whatsapp/abc"],
    ["GET", "/api/quick-messages/1.5"],
    ["PUT", "/api/whatsappsession/NaN"],
    ["GET", "/api/sandbox/2147483648/outbound"],
  ]) {
    const res = await request.fetch(path, { method, headers });
    expect(res.status(), `${method} ${path}`).toBe(400);
    expect((await res.json()).error).toBe("ERR_VALIDATION");
  }
  const nul = await request.get("/api/contacts/export?searchParam=%00", { headers });
  expect(nul.status()).toBe(400);
  expect(nul.headers()["content-disposition"]).toBeUndefined();
  const media = await request.get(`/api/media/${t.company.id}/2026-11/100%25.txt`, { headers });
  expect(media.status()).toBe(404);
});

// issue 12: the users list (emails, profiles) is for admins; agents get the slim list the transfer
// modal and ticket filters use, and only their own full record (the profile dialog).
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getUserRoute } from "@/app/api/users/[id]/route";
import { GET as listAll } from "@/app/api/users/list/route";
import { GET as listUsers } from "@/app/api/users/route";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call } from "../helpers/http";

let t: Tenant;
let admin: string;
let agent: string;

beforeAll(async () => {
  t = await createTenant();
  admin = (await loginAs(t.admin)).token;
  agent = (await loginAs(t.agent)).token;
});

const getOne = (token: string, id: number) => call(getUserRoute, { url: `/api/users/${id}`, token, params: { id } });

describe("GET /api/users", () => {
  it("refuses an agent (403) and answers an admin", async () => {
    expect(await call(listUsers, { url: "/api/users", token: agent })).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    const res = await call(listUsers, { url: "/api/users", token: admin });
    expect(res.status).toBe(200);
    expect(res.body.users.map((u: { email: string }) => u.email)).toEqual(expect.arrayContaining([t.admin.email, t.agent.email]));
  });
});

describe("GET /api/users/{id}", () => {
  it("answers an agent their own record only", async () => {
    expect(await getOne(agent, t.admin.id)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await getOne(agent, t.agent.id)).toMatchObject({ status: 200, body: { id: t.agent.id, email: t.agent.email } });
    expect(await getOne(admin, t.agent.id)).toMatchObject({ status: 200, body: { id: t.agent.id } });
  });
});

describe("GET /api/users/list", () => {
  it("answers every user with id, name and queue ids only: no email, profile or presence", async () => {
    for (const token of [agent, admin]) {
      const res = await call(listAll, { url: "/api/users/list", token });
      expect(res.status).toBe(200);
      for (const u of res.body) expect(Object.keys(u).sort()).toEqual(["id", "name", "queues"]);
      const byId = new Map(res.body.map((u: { id: number }) => [u.id, u]));
      expect(byId.get(t.agent.id)).toEqual({ id: t.agent.id, name: t.agent.name, queues: [{ id: t.agentQueueId }] });
      expect(byId.get(t.admin.id)).toMatchObject({ queues: expect.arrayContaining(t.queueIds.map((id) => ({ id }))) });
      expect(JSON.stringify(res.body)).not.toContain("@test.example");
    }
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DELETE as deleteRoute, GET as getRoute, PUT as putRoute } from "@/app/api/queueIntegration/[id]/route";
import { GET as listRoute, POST as postRoute } from "@/app/api/queueIntegration/route";
import { getDb } from "@/db";
import { queueIntegrations, queues } from "@/db/schema";
import { openSecret } from "@/lib/crypto/secret-box";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call, type Json } from "../helpers/http";
import { startDialogflowStub } from "../helpers/stubs/dialogflow-stub";

// Queue integrations (issue 17 §2; admin §2.13, §3, §5, §7, §9): CRUD, per-type rules and defaults,
// the Dialogflow JSON sealed and never answered, admins only, tenant isolation, the plan gate.
let a: Tenant;
let b: Tenant;
let adminA: string;
let agentA: string;
let adminB: string;
let sa: string;
let df: Awaited<ReturnType<typeof startDialogflowStub>>;
const published: RealtimeEvent[] = [];

beforeAll(async () => {
  setRealtimeSink((events) => void published.push(...events));
  df = await startDialogflowStub();
  sa = df.serviceAccount();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  [adminA, agentA, adminB] = (await Promise.all([loginAs(a.admin), loginAs(a.agent), loginAs(b.admin)])).map((s) => s.token);
});
afterAll(async () => {
  setRealtimeSink(null);
  await df.close();
});
beforeEach(() => void (published.length = 0));

const list = (token: string, q = "") => call(listRoute, { url: `/api/queueIntegration${q}`, token });
const create = (token: string, body: Json) => call(postRoute, { method: "POST", url: "/api/queueIntegration", token, body });
const getOne = (token: string, id: number) => call(getRoute, { url: `/api/queueIntegration/${id}`, token, params: { id } });
const update = (token: string, id: number, body: Json) => call(putRoute, { method: "PUT", url: `/api/queueIntegration/${id}`, token, params: { id }, body });
const remove = (token: string, id: number) => call(deleteRoute, { method: "DELETE", url: `/api/queueIntegration/${id}`, token, params: { id } });
const stored = async (id: number) => (await getDb().select().from(queueIntegrations).where(eq(queueIntegrations.id, id)))[0];
const events = () => JSON.parse(JSON.stringify(published.filter((e) => e.event === EVENTS.queueIntegration)));
const issues = (res: Json) => (res.body.issues as { path: string; message: string }[]).map((i) => `${i.path}:${i.message}`);

describe("POST /api/queueIntegration", () => {
  it("typebot: projectName is the name, the spec's defaults, the event carries the row", async () => {
    const res = await create(adminA, { type: "typebot", name: "Funil", projectName: "ignored", urlN8N: "https://typebot.example.com", typebotSlug: "funil" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      type: "typebot",
      name: "Funil",
      projectName: "Funil",
      language: "pt-BR",
      typebotDelayMessage: 1000,
      typebotExpires: 1,
      jsonContent: "",
      jsonSet: false,
      lastError: null,
      lastErrorAt: null,
    });
    expect(events()).toEqual([
      {
        channels: [channels.admins(a.companyId)],
        event: "queueIntegration",
        data: { action: "create", queueIntegration: { id: res.body.id, type: "typebot", name: "Funil", lastError: null, lastErrorAt: null } },
      },
    ]);
  });

  it("per-type rules: URL for n8n/webhook/typebot (http(s)), slug for typebot, name 2-50, known type and language", async () => {
    expect(issues(await create(adminA, { type: "n8n", name: "N" }))).toEqual(expect.arrayContaining(["name:tooShort", "urlN8N:required"]));
    expect(issues(await create(adminA, { type: "webhook", name: "Hook", urlN8N: "ftp://x.example.com" }))).toEqual(["urlN8N:invalidUrl"]);
    expect(issues(await create(adminA, { type: "typebot", name: "Bot", urlN8N: "https://t.example.com" }))).toEqual(["typebotSlug:required"]);
    expect(issues(await create(adminA, { type: "rasa", name: "Bot" }))).toEqual(["type:invalidType"]);
    expect(issues(await create(adminA, { type: "dialogflow", name: "Bot", projectName: "p", jsonContent: sa, language: "fr" }))).toEqual(["language:invalidLanguage"]);
    expect(issues(await create(adminA, { type: "webhook", name: "x".repeat(51), urlN8N: "https://h.example.com" }))).toEqual(["name:tooLong"]);
  });

  it("dialogflow: JSON required and checked, sealed at rest, answered as '' with its client_email", async () => {
    expect(issues(await create(adminA, { type: "dialogflow", name: "Agente", projectName: "p" }))).toEqual(["jsonContent:required"]);
    expect(issues(await create(adminA, { type: "dialogflow", name: "Agente", projectName: "p", jsonContent: "{not json" }))).toEqual(["jsonContent:invalidJson"]);
    expect(issues(await create(adminA, { type: "dialogflow", name: "Agente", projectName: "p", jsonContent: '{"project_id":"p"}' }))).toEqual(["jsonContent:jsonFields"]);
    const res = await create(adminA, { type: "dialogflow", name: "Agente", projectName: "stub-project", jsonContent: sa, language: "es", urlN8N: "https://ignored.example.com" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ jsonContent: "", jsonSet: true, clientEmail: "bot@stub-project.iam.gserviceaccount.com", language: "es", urlN8N: "" });
    expect(JSON.stringify(res.body)).not.toContain("PRIVATE KEY");
    const row = await stored(res.body.id);
    expect(row.jsonContent).toMatch(/^enc:v1:/);
    expect(openSecret(row.jsonContent)).toBe(sa);
    expect(JSON.stringify(published)).not.toContain("PRIVATE KEY");
    const got = await getOne(adminA, res.body.id);
    expect(got.body).toMatchObject({ jsonContent: "", jsonSet: true });
    expect(JSON.stringify(got.body)).not.toContain("PRIVATE KEY");
  });

  it("only admins write; agents are refused reads too", async () => {
    expect((await create(agentA, { type: "webhook", name: "Hook", urlN8N: "https://h.example.com" })).body.error).toBe("ERR_NO_PERMISSION");
    expect((await list(agentA)).status).toBe(403);
  });
});

describe("GET/PUT/DELETE /api/queueIntegration", () => {
  it("lists by name with search and paging shape; rows show the last error", async () => {
    const hook = (await create(adminA, { type: "webhook", name: "Zeta hook", urlN8N: "https://h.example.com/a" })).body;
    await getDb().update(queueIntegrations).set({ lastError: "webhook answered 500", lastErrorAt: new Date() }).where(eq(queueIntegrations.id, hook.id));
    const res = await list(adminA, "?searchParam=zeta");
    expect(res.body).toMatchObject({ count: 1, hasMore: false });
    expect(res.body.queueIntegrations[0]).toMatchObject({ id: hook.id, type: "webhook", name: "Zeta hook", lastError: "webhook answered 500" });
    expect(res.body.queueIntegrations[0].lastErrorAt).toEqual(expect.any(String));
    expect((await list(adminB)).body.queueIntegrations.map((r: Json) => r.id)).not.toContain(hook.id);
  });

  it("PUT changes every field, keeps the stored JSON when none is sent, clears the last error", async () => {
    const created = (await create(adminA, { type: "dialogflow", name: "DF", projectName: "stub-project", jsonContent: sa })).body;
    const before = (await stored(created.id)).jsonContent;
    await getDb().update(queueIntegrations).set({ lastError: "x", lastErrorAt: new Date() }).where(eq(queueIntegrations.id, created.id));
    const res = await update(adminA, created.id, { type: "dialogflow", name: "DF 2", projectName: "stub-project", jsonContent: "", language: "en" });
    expect(res.body).toMatchObject({ name: "DF 2", language: "en", jsonSet: true, lastError: null });
    expect((await stored(created.id)).jsonContent).toBe(before);
    expect(events().at(-1).data).toMatchObject({ action: "update", queueIntegration: { id: created.id, name: "DF 2" } });
    // switching to a webhook drops the JSON; switching back without one is refused
    const hook = await update(adminA, created.id, { type: "webhook", name: "Now a hook", urlN8N: "https://h.example.com/b" });
    expect(hook.body).toMatchObject({ type: "webhook", projectName: "Now a hook", jsonSet: false });
    expect((await stored(created.id)).jsonContent).toBe("");
    const back = await update(adminA, created.id, { type: "dialogflow", name: "DF", projectName: "p" });
    expect(back).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION" } });
  });

  it("another company's integration is 404 ERR_NO_INTEGRATION_FOUND on every route", async () => {
    const id = (await create(adminA, { type: "n8n", name: "Fluxo", urlN8N: "https://n8n.example.com/webhook/1" })).body.id;
    for (const res of [
      await getOne(adminB, id),
      await update(adminB, id, { type: "n8n", name: "Meu", urlN8N: "https://n8n.example.com/x" }),
      await remove(adminB, id),
    ]) {
      expect(res).toMatchObject({ status: 404, body: { error: "ERR_NO_INTEGRATION_FOUND" } });
    }
    expect((await stored(id)).name).toBe("Fluxo");
  });

  it("DELETE removes it; queues that used it are left without an integration", async () => {
    const id = (await create(adminA, { type: "n8n", name: "Em uso", urlN8N: "https://n8n.example.com/webhook/2" })).body.id;
    await getDb().update(queues).set({ integrationId: id }).where(eq(queues.id, a.queueIds[0]));
    expect((await remove(agentA, id)).status).toBe(403);
    expect((await remove(adminA, id)).status).toBe(200);
    expect(await stored(id)).toBeUndefined();
    const [q] = await getDb().select({ integrationId: queues.integrationId }).from(queues).where(eq(queues.id, a.queueIds[0]));
    expect(q.integrationId).toBeNull();
    expect(events().at(-1)).toMatchObject({ data: { action: "delete", id } });
    expect((await getOne(adminA, id)).body.error).toBe("ERR_NO_INTEGRATION_FOUND");
  });
});

describe("plan gate", () => {
  it("a plan without useIntegrations: 403 ERR_PLAN_FEATURE_DISABLED", async () => {
    const off = await createTenant({ plan: { useIntegrations: false } });
    const { token } = await loginAs(off.admin);
    expect(await list(token)).toMatchObject({ status: 403, body: { error: "ERR_PLAN_FEATURE_DISABLED" } });
    expect(await create(token, { type: "n8n", name: "x1", urlN8N: "https://n8n.example.com" })).toMatchObject({ status: 403, body: { error: "ERR_PLAN_FEATURE_DISABLED" } });
  });
});

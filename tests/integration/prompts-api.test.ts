import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DELETE as deleteRoute, GET as getRoute, PUT as putRoute } from "@/app/api/prompt/[id]/route";
import { GET as listRoute, POST as postRoute } from "@/app/api/prompt/route";
import { getDb } from "@/db";
import { prompts, queues } from "@/db/schema";
import { isSealed, openSecret } from "@/lib/crypto/secret-box";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call, type Json } from "../helpers/http";

// AI prompts API (issue 17 §1; admin §2.12, §3 Prompt, §5, §7, §9): shapes and defaults, keys
// sealed and never answered, queue attach/detach, admin-only writes, tenant isolation, plan gate.
let a: Tenant;
let b: Tenant;
let adminA: string;
let agentA: string;
let adminB: string;
const published: RealtimeEvent[] = [];
const KEY = "sk-test-secret-key-1234567890abcd";
const VOICE_KEY = "azure-voice-key-0987654321wxyz";

beforeAll(async () => {
  setRealtimeSink((events) => void published.push(...events));
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  [adminA, agentA, adminB] = (await Promise.all([loginAs(a.admin), loginAs(a.agent), loginAs(b.admin)])).map((s) => s.token);
});
afterAll(() => setRealtimeSink(null));
beforeEach(() => void (published.length = 0));

const list = (token: string, q = "") => call(listRoute, { url: `/api/prompt${q}`, token });
const create = (token: string, body: Json) => call(postRoute, { method: "POST", url: "/api/prompt", token, body });
const getOne = (token: string, id: number) => call(getRoute, { url: `/api/prompt/${id}`, token, params: { id } });
const update = (token: string, id: number, body: Json) => call(putRoute, { method: "PUT", url: `/api/prompt/${id}`, token, params: { id }, body });
const remove = (token: string, id: number) => call(deleteRoute, { method: "DELETE", url: `/api/prompt/${id}`, token, params: { id } });
const promptEvents = () => JSON.parse(JSON.stringify(published.filter((e) => e.event === EVENTS.prompt)));
const queuePrompt = async (queueId: number) => (await getDb().select({ p: queues.promptId }).from(queues).where(eq(queues.id, queueId)))[0].p;
const stored = async (id: number) => (await getDb().select().from(prompts).where(eq(prompts.id, id)))[0];
const base = (queueId: number, extra: Json = {}) => ({ name: "Atendente virtual", prompt: "Você é um atendente cordial.", queueId, ...extra });

describe("POST /api/prompt", () => {
  it("creates with the spec's defaults, attaches it to the queue and tells the admins", async () => {
    const res = await create(adminA, base(a.queueIds[0]));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "Atendente virtual",
      voice: "texto",
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
      baseUrl: "",
      voiceRegion: "",
      queueId: a.queueIds[0],
      queue: { id: a.queueIds[0], name: expect.stringMatching(/^Support/) },
      apiKey: "",
      apiKeySet: false,
      apiKeyHint: "",
      voiceKey: "",
      voiceKeySet: false,
      lastError: null,
      lastErrorAt: null,
    });
    expect(await queuePrompt(a.queueIds[0])).toBe(res.body.id);
    expect(promptEvents()).toEqual([
      { channels: [channels.admins(a.companyId)], event: "prompt", data: { action: "create", record: expect.objectContaining({ id: res.body.id }) } },
    ]);
    expect((await getOne(adminA, res.body.id)).body).toEqual(res.body);
    await remove(adminA, res.body.id);
  });

  it("seals the keys at rest and never answers or publishes them", async () => {
    const res = await create(adminA, base(a.queueIds[1], { apiKey: KEY, voiceKey: VOICE_KEY, voice: "pt-BR-FranciscaNeural", voiceRegion: "BrazilSouth" }));
    expect(res.body).toMatchObject({ apiKey: "", apiKeySet: true, apiKeyHint: "••••abcd", voiceKey: "", voiceKeySet: true, voiceKeyHint: "••••wxyz", voiceRegion: "brazilsouth" });
    const row = await stored(res.body.id);
    expect(isSealed(row.apiKey) && isSealed(row.voiceKey)).toBe(true);
    expect(openSecret(row.apiKey)).toBe(KEY);
    expect(openSecret(row.voiceKey)).toBe(VOICE_KEY);
    // a PUT without a key, or with "", keeps it; a new one replaces it
    await update(adminA, res.body.id, { name: "Renomeado" });
    await update(adminA, res.body.id, { apiKey: "", voiceKey: "" });
    expect(openSecret((await stored(res.body.id)).apiKey)).toBe(KEY);
    const changed = await update(adminA, res.body.id, { apiKey: "sk-another-key-5678" });
    expect(changed.body).toMatchObject({ name: "Renomeado", apiKeySet: true, apiKeyHint: "••••5678", voiceKeySet: true });
    expect(openSecret((await stored(res.body.id)).apiKey)).toBe("sk-another-key-5678");
    const everything = JSON.stringify([res.body, changed.body, (await list(adminA)).body, (await getOne(agentA, res.body.id)).body, published]);
    for (const secret of [KEY, VOICE_KEY, "sk-another-key-5678", row.apiKey]) expect(everything).not.toContain(secret);
    await remove(adminA, res.body.id);
  });

  it("validates: queue required ('Informe o setor'), voice, ranges, baseUrl and region", async () => {
    const issues = async (body: Json) => (await create(adminA, body)).body.issues;
    expect(await issues({ name: "P", prompt: "x" })).toEqual([{ path: "queueId", message: "queueRequired" }]);
    expect(await issues({ name: "P", prompt: "x", queueId: "" })).toEqual([{ path: "queueId", message: "queueRequired" }]);
    expect(await issues({ name: " ", prompt: "", queueId: a.queueIds[0] })).toEqual([
      { path: "name", message: "required" },
      { path: "prompt", message: "required" },
    ]);
    expect((await issues(base(a.queueIds[0], { voice: "en-US-JennyNeural" })))[0].path).toBe("voice");
    expect((await issues(base(a.queueIds[0], { temperature: 3 })))[0].path).toBe("temperature");
    expect((await issues(base(a.queueIds[0], { maxTokens: 0 })))[0].path).toBe("maxTokens");
    expect((await issues(base(a.queueIds[0], { maxMessages: 51 })))[0].path).toBe("maxMessages");
    expect(await issues(base(a.queueIds[0], { baseUrl: "ftp://x.example" }))).toEqual([{ path: "baseUrl", message: "invalidUrl" }]);
    expect(await issues(base(a.queueIds[0], { baseUrl: "http://user:pw@x.example" }))).toEqual([{ path: "baseUrl", message: "invalidUrl" }]);
    expect(await issues(base(a.queueIds[0], { voiceRegion: "evil.example/x#" }))).toEqual([{ path: "voiceRegion", message: "invalidRegion" }]);
    const ok = await create(adminA, base(a.queueIds[0], { baseUrl: "http://models.example:8080/v1/", temperature: "0.4", maxTokens: "250" }));
    expect(ok.body).toMatchObject({ baseUrl: "http://models.example:8080/v1", temperature: 0.4, maxTokens: 250 });
    await remove(adminA, ok.body.id);
  });
});

describe("access", () => {
  it("lists the company's own by name, searched, with count and hasMore", async () => {
    const made = await Promise.all(["Beta", "Alfa", "Gama"].map((n, i) => create(adminA, base(a.queueIds[i % 2], { name: `Lista ${n}` }))));
    await create(adminB, base(b.queueIds[0], { name: "Lista de B" }));
    const res = await list(agentA, "?searchParam=lista&pageNumber=1");
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(3);
    expect(res.body.hasMore).toBe(false);
    expect(res.body.prompts.map((p: Json) => p.name)).toEqual(["Lista Alfa", "Lista Beta", "Lista Gama"]);
    await Promise.all(made.map((m) => remove(adminA, m.body.id)));
  });

  it("writes are for admins; another company's prompt or queue is 404", async () => {
    const p = (await create(adminA, base(a.queueIds[0]))).body;
    expect((await create(agentA, base(a.queueIds[0]))).status).toBe(403);
    expect((await update(agentA, p.id, { name: "x" })).status).toBe(403);
    expect((await remove(agentA, p.id)).status).toBe(403);
    expect((await getOne(agentA, p.id)).status).toBe(200);
    for (const res of [await getOne(adminB, p.id), await update(adminB, p.id, { name: "x" }), await remove(adminB, p.id)]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe("ERR_NO_PROMPT_FOUND");
    }
    const foreignQueue = await create(adminA, base(b.queueIds[0]));
    expect([foreignQueue.status, foreignQueue.body.error]).toEqual([404, "ERR_NO_QUEUE_FOUND"]);
    expect((await update(adminA, p.id, { queueId: b.queueIds[0] })).status).toBe(404);
    expect(await queuePrompt(b.queueIds[0])).not.toBe(p.id);
    expect((await getOne(adminA, p.id)).body.queueId).toBe(a.queueIds[0]);
    expect((await create(adminA, { ...base(a.queueIds[0]), companyId: b.companyId })).status).toBe(404);
    await remove(adminA, p.id);
  });

  it("a plan without useOpenAi answers 403 ERR_PLAN_FEATURE_DISABLED", async () => {
    const c = await createTenant({ plan: { useOpenAi: false } });
    const admin = (await loginAs(c.admin)).token;
    for (const res of [await list(admin), await create(admin, base(c.queueIds[0])), await getOne(admin, 1)]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toBe("ERR_PLAN_FEATURE_DISABLED");
    }
  });

  it("shows the last error a bot turn recorded, and publishes it", async () => {
    const { recordPromptError } = await import("@/lib/prompts/record-error");
    const p = (await create(adminA, base(a.queueIds[0]))).body;
    published.length = 0;
    await recordPromptError(getDb(), a.companyId, p.id, "OpenAI: rate limited (429)");
    expect((await getOne(adminA, p.id)).body).toMatchObject({ lastError: "OpenAI: rate limited (429)", lastErrorAt: expect.any(String) });
    await recordPromptError(getDb(), b.companyId, p.id, "other company"); // names nothing of B's
    await recordPromptError(getDb(), a.companyId, p.id, null);
    expect((await getOne(adminA, p.id)).body).toMatchObject({ lastError: null, lastErrorAt: null });
    expect(promptEvents().map((e: Json) => e.data.record.lastError)).toEqual(["OpenAI: rate limited (429)", null]);
    // a save clears it too (the admin acted on it)
    await recordPromptError(getDb(), a.companyId, p.id, "OpenAI: HTTP 500");
    expect((await update(adminA, p.id, { apiKey: "sk-fixed-key-0000" })).body).toMatchObject({ lastError: null, lastErrorAt: null });
    await remove(adminA, p.id);
  });
});

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DELETE as deleteRoute, GET as getRoute, PUT as putRoute } from "@/app/api/whatsapp/[id]/route";
import { GET as listRoute, POST as postRoute } from "@/app/api/whatsapp/route";
import { getDb } from "@/db";
import { plans, queues, whatsappQueues, whatsapps } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { createTenant, loginAs, suffix } from "../helpers/factories";
import { call, type Json } from "../helpers/http";

// The connections API (admin §2.2, §7 Connections): CRUD, queue ownership, the single default,
// the plan limit, the token kept from non-admins, admins-only writes.
const published: RealtimeEvent[] = [];

beforeAll(() => setRealtimeSink((events) => void published.push(...events)));
afterAll(() => setRealtimeSink(null));
beforeEach(() => void (published.length = 0));

const list = (token: string, query = "") => call(listRoute, { url: `/api/whatsapp${query}`, token });
const getOne = (token: string, id: number) => call(getRoute, { url: `/api/whatsapp/${id}`, token, params: { id } });
const create = (token: string, body: Json) => call(postRoute, { method: "POST", url: "/api/whatsapp", token, body });
const update = (token: string, id: number, body: Json) =>
  call(putRoute, { method: "PUT", url: `/api/whatsapp/${id}`, token, params: { id }, body });
const remove = (token: string, id: number) => call(deleteRoute, { method: "DELETE", url: `/api/whatsapp/${id}`, token, params: { id } });

const rowsOf = (companyId: number) => getDb().select().from(whatsapps).where(eq(whatsapps.companyId, companyId));
const defaultsOf = async (companyId: number) => (await rowsOf(companyId)).filter((r) => r.isDefault).map((r) => r.id);
const whatsappEvents = () => published.filter((e) => e.event === EVENTS.whatsapp);

async function tenantWithTokens(opts?: Parameters<typeof createTenant>[0]) {
  const t = await createTenant(opts);
  const [admin, agent] = await Promise.all([loginAs(t.admin), loginAs(t.agent)]);
  return { t, admin: admin.token, agent: agent.token };
}

describe("GET /api/whatsapp and /api/whatsapp/{id}", () => {
  it("answers the company's connections with queues and queueIds; the token only to admins", async () => {
    const { t, admin, agent } = await tenantWithTokens();
    await getDb().update(whatsapps).set({ qrcode: "2@pairing-code", status: "qrcode" }).where(eq(whatsapps.id, t.whatsappId));
    const res = await list(admin, "?session=0");
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    const [conn] = res.body;
    expect(conn).toMatchObject({ id: t.whatsappId, provider: "sandbox", status: "qrcode", qrcode: "2@pairing-code" });
    expect(conn.token).toMatch(/^[\w-]{32}$/);
    expect(conn.queueIds).toEqual(t.queueIds);
    expect(conn.queues).toEqual([
      { id: t.queueIds[0], name: expect.stringMatching(/^Support/), color: "#0EA5E9" },
      { id: t.queueIds[1], name: expect.stringMatching(/^Sales/), color: "#F97316" },
    ]);
    expect(conn).not.toHaveProperty("sessionRequest");
    expect(conn).not.toHaveProperty("leaseOwner");

    const asAgent = await list(agent);
    expect(asAgent.status).toBe(200);
    expect(asAgent.body[0]).not.toHaveProperty("token");
    expect(asAgent.body[0]).toMatchObject({ id: t.whatsappId, qrcode: "", queueIds: t.queueIds });

    expect((await getOne(admin, t.whatsappId)).body.token).toBe(conn.token);
    const one = await getOne(agent, t.whatsappId);
    expect(one.status).toBe(200);
    expect(one.body).not.toHaveProperty("token");
  });

  it("answers 404 for a missing id and for a companyId that is not the caller's", async () => {
    const { t, admin } = await tenantWithTokens();
    expect(await getOne(admin, 999_999)).toMatchObject({ status: 404, body: { error: "ERR_NO_WAPP_FOUND" } });
    expect((await list(admin, `?companyId=${t.companyId + 1000}`)).status).toBe(404);
    expect((await list(admin, `?companyId=${t.companyId}`)).status).toBe(200);
  });

  it("answers 401 without a token", async () => {
    expect((await call(listRoute, { url: "/api/whatsapp" })).status).toBe(401);
  });
});

describe("POST /api/whatsapp", () => {
  it("creates with the spec's defaults, a random token and the queues; publishes without the token", async () => {
    const { t, admin } = await tenantWithTokens();
    const res = await create(admin, { name: "  Vendas  ", queueIds: [t.queueIds[1], t.queueIds[1]] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "Vendas",
      status: "DISCONNECTED",
      provider: "beta",
      maxUseBotQueues: 3,
      expiresTicket: 0,
      timeUseBotQueues: 0,
      timeToTransfer: null,
      transferQueueId: null,
      queueIds: [t.queueIds[1]],
      queues: [{ id: t.queueIds[1], name: expect.any(String), color: "#F97316" }],
    });
    expect(res.body.token).toMatch(/^[\w-]{32}$/);
    const [event] = whatsappEvents();
    expect(event.channels).toEqual([channels.company(t.companyId)]);
    expect(event.data).toMatchObject({ action: "update", whatsapp: { id: res.body.id, name: "Vendas", queueIds: [t.queueIds[1]] } });
    expect(JSON.stringify(event.data)).not.toContain(res.body.token);
    expect(event.data).not.toHaveProperty("whatsapp.qrcode");
  });

  it("keeps every field sent and a token of the admin's choosing", async () => {
    const { t, admin } = await tenantWithTokens();
    const body = {
      name: "Completa",
      greetingMessage: "Olá",
      complationMessage: "Tchau",
      outOfHoursMessage: "Fechado",
      ratingMessage: "Avalie",
      token: "my-own-token-0123456789",
      queueIds: t.queueIds,
      transferQueueId: t.queueIds[0],
      timeToTransfer: "15",
      expiresTicket: 30,
      expiresInactiveMessage: "Encerrado por inatividade",
      timeUseBotQueues: 5,
      maxUseBotQueues: 2,
    };
    const res = await create(admin, body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...body, timeToTransfer: 15 });
  });

  it("refuses queues, transfer queues, prompts and integrations of another company (404), creating nothing", async () => {
    const [{ t, admin }, other] = await Promise.all([tenantWithTokens(), createTenant()]);
    const before = (await rowsOf(t.companyId)).length;
    for (const body of [
      { name: "Alheia", queueIds: [t.queueIds[0], other.queueIds[0]] },
      { name: "Alheia", transferQueueId: other.queueIds[1] },
      { name: "Alheia", promptId: 999_999 },
      { name: "Alheia", integrationId: 999_999 },
    ]) {
      expect(await create(admin, body)).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
    }
    expect(await rowsOf(t.companyId)).toHaveLength(before);
  });

  it("validates the name (2-50, unique in the company) and the token's format", async () => {
    const [{ t, admin }, other] = await Promise.all([tenantWithTokens(), tenantWithTokens()]);
    const short = await create(admin, { name: "A" });
    expect(short).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", issues: [{ path: "name", message: "tooShort" }] } });
    expect((await create(admin, { name: "x".repeat(51) })).body.issues[0]).toEqual({ path: "name", message: "tooLong" });
    expect((await create(admin, {})).body.issues[0]).toEqual({ path: "name", message: "required" });
    expect((await create(admin, { name: "Ok", token: "short" })).body.issues[0]).toEqual({ path: "token", message: "tokenFormat" });
    expect((await create(admin, { name: "Ok", maxUseBotQueues: -1 })).body.issues[0]).toEqual({ path: "maxUseBotQueues", message: "wholeNumber" });
    const [{ name: existing }] = await rowsOf(t.companyId);
    expect(await create(admin, { name: existing })).toMatchObject({ status: 409, body: { error: "ERR_CONNECTION_NAME_EXISTS" } });
    // names are per company
    expect((await create(other.admin, { name: existing })).status).toBe(200);
  });

  it("refuses a token another connection already has (409)", async () => {
    const { t, admin } = await tenantWithTokens();
    const [{ token }] = await rowsOf(t.companyId);
    expect(await create(admin, { name: "Copia", token })).toMatchObject({ status: 409, body: { error: "ERR_CONNECTION_TOKEN_EXISTS" } });
  });

  it("enforces the plan's connections limit, also for concurrent creates", async () => {
    const { t, admin } = await tenantWithTokens();
    await getDb().update(plans).set({ connections: 3 }).where(eq(plans.id, t.planId));
    expect((await create(admin, { name: "Segunda" })).status).toBe(200);
    // one slot left, two racers: the company lock lets exactly one through
    const racers = await Promise.all([create(admin, { name: "Terceira A" }), create(admin, { name: "Terceira B" })]);
    expect(racers.map((r) => r.status).sort()).toEqual([200, 403]);
    expect(racers.find((r) => r.status === 403)!.body).toEqual({ error: "ERR_CONNECTION_LIMIT_REACHED" });
    expect(await rowsOf(t.companyId)).toHaveLength(3);
  });

  it("allows the sandbox provider only when the sandbox is enabled", async () => {
    const { t, admin } = await tenantWithTokens();
    const saved = process.env.SANDBOX_ENABLED;
    try {
      process.env.SANDBOX_ENABLED = "0";
      resetEnvCache();
      expect(await create(admin, { name: "Simulada", provider: "sandbox" })).toMatchObject({
        status: 400,
        body: { error: "ERR_SANDBOX_DISABLED" },
      });
      // a connection already on the sandbox keeps it when edited
      expect((await update(admin, t.whatsappId, { provider: "sandbox", greetingMessage: "Oi" })).status).toBe(200);
      const beta = await create(admin, { name: "Real" });
      expect(await update(admin, beta.body.id, { provider: "sandbox" })).toMatchObject({ status: 400, body: { error: "ERR_SANDBOX_DISABLED" } });
      process.env.SANDBOX_ENABLED = "1";
      resetEnvCache();
      expect((await create(admin, { name: "Simulada", provider: "sandbox" })).body).toMatchObject({ provider: "sandbox" });
    } finally {
      if (saved === undefined) delete process.env.SANDBOX_ENABLED;
      else process.env.SANDBOX_ENABLED = saved;
      resetEnvCache();
    }
  });
});

describe("the default connection", () => {
  it("a company without a default gets its next connection as default; setting one clears the others", async () => {
    const { t, admin } = await tenantWithTokens();
    expect(await defaultsOf(t.companyId)).toEqual([]); // the factory's connection is not the default
    const first = await create(admin, { name: "Primeira", isDefault: false });
    expect(first.body.isDefault).toBe(true);
    const second = await create(admin, { name: "Segunda" });
    expect(second.body.isDefault).toBe(false);
    published.length = 0;
    const third = await create(admin, { name: "Terceira", isDefault: true });
    expect(third.body.isDefault).toBe(true);
    expect(await defaultsOf(t.companyId)).toEqual([third.body.id]);
    // the connection that lost the flag is published too
    const updates = whatsappEvents().map((e) => (e.data as Json).whatsapp);
    expect(updates).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: third.body.id, isDefault: true }),
        expect.objectContaining({ id: first.body.id, isDefault: false }),
      ]),
    );
    const moved = await update(admin, second.body.id, { isDefault: true });
    expect(moved.body.isDefault).toBe(true);
    expect(await defaultsOf(t.companyId)).toEqual([second.body.id]);
  });

  it("the very first connection of a company is its default", async () => {
    const { t, admin } = await tenantWithTokens();
    await getDb().delete(whatsapps).where(eq(whatsapps.companyId, t.companyId));
    const res = await create(admin, { name: "Única" });
    expect(res.body.isDefault).toBe(true);
  });

  it("the default cannot be un-defaulted nor deleted while other connections exist (ERR_NO_OTHER_WHATSAPP)", async () => {
    const { t, admin } = await tenantWithTokens();
    const def = await create(admin, { name: "Padrão", isDefault: true });
    expect(await update(admin, def.body.id, { isDefault: false })).toMatchObject({ status: 400, body: { error: "ERR_NO_OTHER_WHATSAPP" } });
    expect(await remove(admin, def.body.id)).toMatchObject({ status: 400, body: { error: "ERR_NO_OTHER_WHATSAPP" } });
    expect(await defaultsOf(t.companyId)).toEqual([def.body.id]);
    // a non-default connection goes; then the default is alone and may go too
    expect((await remove(admin, t.whatsappId)).status).toBe(200);
    expect((await remove(admin, def.body.id)).status).toBe(200);
    expect(await rowsOf(t.companyId)).toEqual([]);
  });
});

describe("PUT /api/whatsapp/{id}", () => {
  it("changes what is sent, replaces the queues, and an empty token asks for a new one", async () => {
    const { t, admin } = await tenantWithTokens();
    const [before] = await rowsOf(t.companyId);
    const res = await update(admin, t.whatsappId, { greetingMessage: "Novo", queueIds: [t.queueIds[1]], token: "" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: before.name, greetingMessage: "Novo", queueIds: [t.queueIds[1]], maxUseBotQueues: 3 });
    expect(res.body.token).toMatch(/^[\w-]{32}$/);
    expect(res.body.token).not.toBe(before.token);
    const links = await getDb().select().from(whatsappQueues).where(eq(whatsappQueues.whatsappId, t.whatsappId));
    expect(links.map((l) => l.queueId)).toEqual([t.queueIds[1]]);
    expect(whatsappEvents()[0].data).toMatchObject({ action: "update", whatsapp: { id: t.whatsappId, queueIds: [t.queueIds[1]] } });
    // leaving the token out keeps it
    const again = await update(admin, t.whatsappId, { ratingMessage: "Nota?", queueIds: [] });
    expect(again.body).toMatchObject({ token: res.body.token, queueIds: [], queues: [] });
  });

  it("refuses another company's queue and a name taken in the company", async () => {
    const [{ t, admin }, other] = await Promise.all([tenantWithTokens(), createTenant()]);
    expect(await update(admin, t.whatsappId, { queueIds: [other.queueIds[0]] })).toMatchObject({ status: 404 });
    const second = await create(admin, { name: "Outra" });
    const [factory] = await getDb().select().from(whatsapps).where(eq(whatsapps.id, t.whatsappId));
    expect(await update(admin, second.body.id, { name: factory.name })).toMatchObject({
      status: 409,
      body: { error: "ERR_CONNECTION_NAME_EXISTS" },
    });
  });

  it("a queue deleted later simply leaves the connection's list", async () => {
    const { t, admin } = await tenantWithTokens();
    await getDb().delete(queues).where(and(eq(queues.id, t.queueIds[0]), eq(queues.companyId, t.companyId)));
    expect((await getOne(admin, t.whatsappId)).body.queueIds).toEqual([t.queueIds[1]]);
  });
});

describe("the greeting rule (ERR_WAPP_GREETING_REQUIRED)", () => {
  // spec core §8: a connection with more than one queue sends its greeting as the queue menu
  it("refuses to create a connection with several queues and no greeting, creating nothing", async () => {
    const { t, admin } = await tenantWithTokens();
    const before = (await rowsOf(t.companyId)).length;
    for (const body of [
      { name: "Sem saudação", queueIds: t.queueIds },
      { name: "Saudação vazia", queueIds: t.queueIds, greetingMessage: "" },
      { name: "Saudação em branco", queueIds: t.queueIds, greetingMessage: "  \n " },
    ]) {
      expect(await create(admin, body)).toMatchObject({ status: 400, body: { error: "ERR_WAPP_GREETING_REQUIRED" } });
    }
    expect(await rowsOf(t.companyId)).toHaveLength(before);
    expect(whatsappEvents()).toEqual([]);
    // one queue (or none) needs no greeting; several queues with a greeting are fine
    expect((await create(admin, { name: "Uma fila", queueIds: [t.queueIds[0]] })).status).toBe(200);
    expect((await create(admin, { name: "Sem filas" })).status).toBe(200);
    // the same queue twice is one queue
    expect((await create(admin, { name: "Repetida", queueIds: [t.queueIds[1], t.queueIds[1]] })).status).toBe(200);
    expect((await create(admin, { name: "Com saudação", queueIds: t.queueIds, greetingMessage: "Escolha uma fila:" })).status).toBe(200);
  });

  it("refuses an update whose resulting connection has several queues and no greeting, changing nothing", async () => {
    const { t, admin } = await tenantWithTokens();
    // the factory's connection has both queues and a greeting: clearing the greeting alone is refused
    expect(await update(admin, t.whatsappId, { greetingMessage: "" })).toMatchObject({
      status: 400,
      body: { error: "ERR_WAPP_GREETING_REQUIRED" },
    });
    const [kept] = await rowsOf(t.companyId);
    expect(kept.greetingMessage).toBe("Hello");
    // down to one queue, the greeting may go
    expect((await update(admin, t.whatsappId, { queueIds: [t.queueIds[0]], greetingMessage: "" })).status).toBe(200);
    // adding the second queue back without a greeting is refused, whether the greeting is sent or kept
    expect(await update(admin, t.whatsappId, { queueIds: t.queueIds })).toMatchObject({ status: 400, body: { error: "ERR_WAPP_GREETING_REQUIRED" } });
    expect(await update(admin, t.whatsappId, { queueIds: t.queueIds, greetingMessage: " " })).toMatchObject({ status: 400 });
    const links = await getDb().select().from(whatsappQueues).where(eq(whatsappQueues.whatsappId, t.whatsappId));
    expect(links.map((l) => l.queueId)).toEqual([t.queueIds[0]]);
    // with a greeting in the same request it saves; later edits of other fields keep both
    expect((await update(admin, t.whatsappId, { queueIds: t.queueIds, greetingMessage: "Menu:" })).body).toMatchObject({
      queueIds: t.queueIds,
      greetingMessage: "Menu:",
    });
    expect((await update(admin, t.whatsappId, { name: "Renomeada" })).status).toBe(200);
  });
});

describe("DELETE /api/whatsapp/{id}", () => {
  it("removes the connection and publishes the delete", async () => {
    const { t, admin } = await tenantWithTokens();
    const res = await remove(admin, t.whatsappId);
    expect(res.status).toBe(200);
    expect(await rowsOf(t.companyId)).toEqual([]);
    expect(whatsappEvents()).toEqual([
      { channels: [channels.company(t.companyId)], event: EVENTS.whatsapp, data: { action: "delete", whatsappId: t.whatsappId } },
    ]);
    expect(await remove(admin, t.whatsappId)).toMatchObject({ status: 404, body: { error: "ERR_NO_WAPP_FOUND" } });
  });
});

describe("agents", () => {
  it("are refused every write (403) and change nothing", async () => {
    const { t, agent } = await tenantWithTokens();
    const [before] = await rowsOf(t.companyId);
    for (const res of [
      await create(agent, { name: `Agente ${suffix()}` }),
      await update(agent, t.whatsappId, { name: "Tomada" }),
      await remove(agent, t.whatsappId),
    ]) {
      expect(res).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    }
    expect(await rowsOf(t.companyId)).toEqual([before]);
    expect(whatsappEvents()).toEqual([]);
  });
});

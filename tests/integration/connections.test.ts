import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as listRoute } from "@/app/api/whatsapp/route";
import { getDb } from "@/db";
import { plans, whatsapps } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { channels } from "@/lib/realtime/channels";
import { create, getOne, installConnectionHooks, list, remove, rowsOf, tenantWithTokens, update, whatsappEvents } from "../helpers/connections-env";
import { createTenant, suffix } from "../helpers/factories";
import { call } from "../helpers/http";

// The connections API (admin §2.2, §7 Connections): reads, creates, queue ownership, the plan limit,
// the token kept from non-admins, admins-only writes (the shared setup is
// tests/helpers/connections-env.ts; the default, the greeting rule, edits and deletes are in
// connections-default.test.ts).
installConnectionHooks();

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

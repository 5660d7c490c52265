import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { queues, whatsappQueues, whatsapps } from "@/db/schema";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { create, defaultsOf, getOne, installConnectionHooks, published, remove, rowsOf, tenantWithTokens, update, whatsappEvents } from "../helpers/connections-env";
import { createTenant } from "../helpers/factories";
import type { Json } from "../helpers/http";

// The connections API (admin §2.2, §7 Connections): the single default, edits, the greeting rule
// (core §8) and deletes (the shared setup is tests/helpers/connections-env.ts).
installConnectionHooks();

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

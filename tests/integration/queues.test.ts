import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listRoute } from "@/app/api/queue/route";
import { getDb } from "@/db";
import { contacts, queueOptions, queues, tickets, userQueues } from "@/db/schema";
import { channels } from "@/lib/realtime/channels";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call, type Json } from "../helpers/http";
import { create, getOne, installQueueHooks, list, published, queueEvents, remove, setupQueueTenants, uniqueColor, uniqueName, update } from "../helpers/queues-env";

// The queues API (admin §2.3, §3 Queue and Schedule entry, §7 Queues): reads, edits and deletes
// (the shared setup is tests/helpers/queues-env.ts; creating and its validation, §5 and §9, are
// in queues-create.test.ts).
let a: Tenant;
let b: Tenant;
let adminA: string;
let agentA: string;

installQueueHooks();
beforeAll(async () => void ({ a, b, adminA, agentA } = await setupQueueTenants()));

describe("GET /api/queue", () => {
  it("answers every queue of the company to any of its users, by orderQueue (unset last) then name", async () => {
    const t = await createTenant();
    const db = getDb();
    await db.insert(queues).values([
      { companyId: t.companyId, name: "Zeta", color: "#111111", orderQueue: 0 },
      { companyId: t.companyId, name: "Alfa", color: "#222222", orderQueue: null },
      { companyId: t.companyId, name: "Beta", color: "#333333", orderQueue: 1 },
    ]);
    const { token } = await loginAs(t.agent);
    const res = await list(token);
    expect(res.status).toBe(200);
    const names = res.body.map((q: Json) => q.name);
    // the factory's queues have order 1 (Support) and 2 (Sales)
    expect(names).toEqual(["Zeta", "Beta", expect.stringMatching(/^Support /), expect.stringMatching(/^Sales /), "Alfa"]);
    expect(res.body[0]).toEqual({
      id: expect.any(Number),
      name: "Zeta",
      color: "#111111",
      greetingMessage: "",
      complationMessage: "",
      outOfHoursMessage: "",
      ratingMessage: "",
      orderQueue: 0,
      integrationId: null,
      promptId: null,
      schedules: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    // never another company's
    expect(res.body.map((q: Json) => q.id)).not.toContain(b.queueIds[0]);
  });

  it("answers 401 without a token, and 404 for another company's companyId", async () => {
    expect((await call(listRoute, { url: "/api/queue" })).status).toBe(401);
    expect(await list(agentA, `?companyId=${b.companyId}`)).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
    expect((await list(agentA, `?companyId=${a.companyId}`)).status).toBe(200);
  });
});

describe("GET /api/queue/{id}", () => {
  it("answers one queue of the company; another company's is 404", async () => {
    const res = await getOne(agentA, a.queueIds[0]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: a.queueIds[0], color: "#0EA5E9", orderQueue: 1 });
    expect(await getOne(agentA, b.queueIds[0])).toMatchObject({ status: 404, body: { error: "ERR_NO_QUEUE_FOUND" } });
    expect(await getOne(adminA, 99_999_999)).toMatchObject({ status: 404, body: { error: "ERR_NO_QUEUE_FOUND" } });
    expect((await getOne(adminA, "abc")).status).toBe(400);
  });
});

describe("PUT /api/queue/{id}", () => {
  it("changes what is sent, keeps the rest, and publishes an update event", async () => {
    const made = (await create(adminA, { name: uniqueName(), color: uniqueColor(), greetingMessage: "Oi", ratingMessage: "Nota?" })).body;
    published.length = 0;
    const name = uniqueName("Renomeada");
    const res = await update(adminA, made.id, {
      name,
      outOfHoursMessage: "Fechado",
      orderQueue: "",
      schedules: [{ weekday: "Sábado", weekdayEn: "saturday", startTime: "09:00", endTime: "13:00" }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: made.id, name, color: made.color, greetingMessage: "Oi", ratingMessage: "Nota?", outOfHoursMessage: "Fechado", orderQueue: null });
    expect(res.body.schedules).toEqual([{ weekday: "Sábado", weekdayEn: "saturday", startTime: "09:00", endTime: "13:00" }]);
    expect(queueEvents()).toEqual([
      {
        channels: [channels.company(a.companyId)],
        event: "queue",
        data: { action: "update", queue: { id: made.id, name, color: made.color, orderQueue: null, greetingMessage: "Oi" } },
      },
    ]);
    // the event carries a line of a long greeting, never all of it
    const long = "x".repeat(4000);
    await update(adminA, made.id, { greetingMessage: long });
    const last = queueEvents().at(-1)!.data as Json;
    expect(last.queue.greetingMessage.length).toBeLessThan(400);
    expect((await getOne(adminA, made.id)).body.greetingMessage).toBe(long);
  });

  it("lets a queue keep its own name and colour, but not take another's", async () => {
    const one = (await create(adminA, { name: uniqueName(), color: uniqueColor() })).body;
    const two = (await create(adminA, { name: uniqueName(), color: uniqueColor() })).body;
    expect((await update(adminA, one.id, { name: one.name, color: one.color.toLowerCase() })).status).toBe(200);
    expect(await update(adminA, one.id, { color: two.color })).toMatchObject({ status: 409, body: { error: "ERR_QUEUE_COLOR_ALREADY_EXISTS" } });
    expect(await update(adminA, one.id, { name: two.name.toLowerCase() })).toMatchObject({ status: 409, body: { error: "ERR_QUEUE_NAME_EXISTS" } });
    expect(await update(adminA, one.id, { name: "x" })).toMatchObject({ status: 400, body: { issues: [{ path: "name", message: "tooShort" }] } });
    expect(await update(adminA, one.id, { schedules: [{ weekdayEn: "friday", startTime: "07:00", endTime: "7:30" }] })).toMatchObject({
      status: 400,
      body: { issues: [{ path: "schedules.0.endTime", message: "timeFormat" }] },
    });
  });

  it("answers 403 to agents and 404 for another company's queue, changing nothing", async () => {
    expect(await update(agentA, a.queueIds[0], { name: uniqueName() })).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await update(adminA, b.queueIds[0], { name: uniqueName() })).toMatchObject({ status: 404, body: { error: "ERR_NO_QUEUE_FOUND" } });
    const [row] = await getDb().select().from(queues).where(eq(queues.id, b.queueIds[0]));
    expect(row.name.startsWith("Support")).toBe(true);
    expect(queueEvents()).toEqual([]);
  });
});

describe("DELETE /api/queue/{id}", () => {
  it("removes the queue and its options; its tickets stay, without a queue; publishes a delete event", async () => {
    const db = getDb();
    const t = await createTenant();
    const { token } = await loginAs(t.admin);
    const queueId = t.queueIds[0];
    const [contact] = await db.insert(contacts).values({ companyId: t.companyId, name: "Cliente", number: "5541999990001" }).returning();
    const [ticket] = await db
      .insert(tickets)
      .values({ companyId: t.companyId, contactId: contact.id, whatsappId: t.whatsappId, status: "pending", queueId })
      .returning();
    await db.insert(queueOptions).values({ companyId: t.companyId, queueId, title: "Opção", option: "1" });
    published.length = 0;
    expect(await remove(token, queueId)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await db.select().from(queues).where(eq(queues.id, queueId))).toEqual([]);
    expect(await db.select().from(queueOptions).where(eq(queueOptions.queueId, queueId))).toEqual([]);
    expect(await db.select().from(userQueues).where(eq(userQueues.queueId, queueId))).toEqual([]);
    const [kept] = await db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(kept).toMatchObject({ id: ticket.id, status: "pending", queueId: null });
    expect(queueEvents()).toEqual([{ channels: [channels.company(t.companyId)], event: "queue", data: { action: "delete", queueId } }]);
    expect(await getOne(token, queueId)).toMatchObject({ status: 404 });
  });

  it("answers 403 to agents and 404 for another company's queue, deleting nothing", async () => {
    expect(await remove(agentA, a.queueIds[1])).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await remove(adminA, b.queueIds[1])).toMatchObject({ status: 404, body: { error: "ERR_NO_QUEUE_FOUND" } });
    expect(await getDb().select({ id: queues.id }).from(queues).where(eq(queues.id, b.queueIds[1]))).toHaveLength(1);
    expect(queueEvents()).toEqual([]);
  });
});

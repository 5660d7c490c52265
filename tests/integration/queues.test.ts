import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DELETE as deleteRoute, GET as getRoute, PUT as putRoute } from "@/app/api/queue/[id]/route";
import { GET as listRoute, POST as postRoute } from "@/app/api/queue/route";
import { getDb } from "@/db";
import { contacts, plans, prompts, queueIntegrations, queueOptions, queues, tickets, userQueues } from "@/db/schema";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { DEFAULT_QUEUE_SCHEDULES } from "@/lib/queues/schedules";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call, type Json } from "../helpers/http";

// The queues API (admin §2.3, §3 Queue and Schedule entry, §5 Queue validation, §7 Queues, §9
// default hours; core §8 ERR_QUEUE_COLOR_ALREADY_EXISTS).
const published: RealtimeEvent[] = [];
let a: Tenant;
let b: Tenant;
let adminA: string;
let agentA: string;
let adminB: string;
let seq = 0;

beforeAll(async () => {
  setRealtimeSink((events) => void published.push(...events));
  [a, b] = await Promise.all([createTenant({ plan: {} }), createTenant()]);
  // room for the queues these tests add
  await getDb().update(plans).set({ queues: 200 }).where(eq(plans.id, a.planId));
  [adminA, agentA, adminB] = (await Promise.all([loginAs(a.admin), loginAs(a.agent), loginAs(b.admin)])).map((s) => s.token);
});
afterAll(() => setRealtimeSink(null));
beforeEach(() => void (published.length = 0));

const list = (token: string, query = "") => call(listRoute, { url: `/api/queue${query}`, token });
const getOne = (token: string, id: number | string) => call(getRoute, { url: `/api/queue/${id}`, token, params: { id } });
const create = (token: string, body: Json) => call(postRoute, { method: "POST", url: "/api/queue", token, body });
const update = (token: string, id: number, body: Json) => call(putRoute, { method: "PUT", url: `/api/queue/${id}`, token, params: { id }, body });
const remove = (token: string, id: number) => call(deleteRoute, { method: "DELETE", url: `/api/queue/${id}`, token, params: { id } });

const uniqueName = (prefix = "Fila") => `${prefix} ${++seq}`;
// a colour no other test takes: #10xxxx
const uniqueColor = () => `#10${String(++seq).padStart(4, "0")}`;
const queueEvents = () => published.filter((e) => e.event === EVENTS.queue);
const issuePaths = (body: Json) => (body.issues as { path: string; message: string }[]).map((i) => `${i.path}:${i.message}`);

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

describe("POST /api/queue", () => {
  it("adds a queue with the spec's default hours and publishes a create event to the company", async () => {
    const name = uniqueName();
    const res = await create(adminA, { name, color: "#abc", greetingMessage: "Olá!", orderQueue: 3 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name, color: "#AABBCC", greetingMessage: "Olá!", complationMessage: "", orderQueue: 3, promptId: null });
    // spec §9: Monday-Friday 08:00-18:00, Saturday 08:00-12:00, Sunday 00:00-00:00
    expect(res.body.schedules).toEqual([
      { weekday: "Segunda-feira", weekdayEn: "monday", startTime: "08:00", endTime: "18:00" },
      { weekday: "Terça-feira", weekdayEn: "tuesday", startTime: "08:00", endTime: "18:00" },
      { weekday: "Quarta-feira", weekdayEn: "wednesday", startTime: "08:00", endTime: "18:00" },
      { weekday: "Quinta-feira", weekdayEn: "thursday", startTime: "08:00", endTime: "18:00" },
      { weekday: "Sexta-feira", weekdayEn: "friday", startTime: "08:00", endTime: "18:00" },
      { weekday: "Sábado", weekdayEn: "saturday", startTime: "08:00", endTime: "12:00" },
      { weekday: "Domingo", weekdayEn: "sunday", startTime: "00:00", endTime: "00:00" },
    ]);
    const [row] = await getDb().select().from(queues).where(eq(queues.id, res.body.id));
    expect(row).toMatchObject({ companyId: a.companyId, color: "#AABBCC", schedules: DEFAULT_QUEUE_SCHEDULES });
    expect(queueEvents()).toEqual([
      {
        channels: [channels.company(a.companyId)],
        event: "queue",
        data: { action: "create", queue: { id: res.body.id, name, color: "#AABBCC", orderQueue: 3, greetingMessage: "Olá!" } },
      },
    ]);
  });

  it("keeps hours that are sent, in weekday order, and answers the Portuguese weekday names", async () => {
    const res = await create(adminA, {
      name: uniqueName(),
      color: uniqueColor(),
      schedules: [
        { weekdayEn: "sunday", weekday: "x", startTime: "10:00", endTime: "14:00" },
        { weekdayEn: "monday", startTime: "07:30", endTime: "23:59" },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.schedules).toEqual([
      { weekday: "Segunda-feira", weekdayEn: "monday", startTime: "07:30", endTime: "23:59" },
      { weekday: "Domingo", weekdayEn: "sunday", startTime: "10:00", endTime: "14:00" },
    ]);
  });

  it("answers validation keys: name 2-50 required, colour 3-9 required, hex", async () => {
    const cases: [Json, string][] = [
      [{ color: uniqueColor() }, "name:required"],
      [{ name: "  ", color: uniqueColor() }, "name:required"],
      [{ name: "A", color: uniqueColor() }, "name:tooShort"],
      [{ name: "x".repeat(51), color: uniqueColor() }, "name:tooLong"],
      [{ name: uniqueName() }, "color:required"],
      [{ name: uniqueName(), color: "" }, "color:required"],
      [{ name: uniqueName(), color: "#a" }, "color:tooShort"],
      [{ name: uniqueName(), color: "#1234567890" }, "color:tooLong"],
      [{ name: uniqueName(), color: "#GGG" }, "color:invalidColor"],
      [{ name: uniqueName(), color: uniqueColor(), orderQueue: -1 }, "orderQueue:wholeNumber"],
      [{ name: uniqueName(), color: uniqueColor(), orderQueue: 1.5 }, "orderQueue:wholeNumber"],
      [{ name: uniqueName(), color: uniqueColor(), greetingMessage: "x".repeat(4097) }, "greetingMessage:tooLong"],
    ];
    for (const [body, issue] of cases) {
      const res = await create(adminA, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe("ERR_VALIDATION");
      expect(issuePaths(res.body)).toEqual([issue]);
    }
  });

  it("accepts the colour spellings of 3 to 9 characters, stored as uppercase #RRGGBB(AA)", async () => {
    for (const [sent, stored] of [
      ["1a2", "#11AA22"],
      ["#0f0a", "#00FF00AA"],
      ["2b3c4d", "#2B3C4D"],
      ["#5e6f7a80", "#5E6F7A80"],
    ]) {
      const res = await create(adminA, { name: uniqueName(), color: sent });
      expect(res.status, sent).toBe(200);
      expect(res.body.color).toBe(stored);
    }
  });

  it("validates hours as HH:MM, an end not before its start, and each weekday once", async () => {
    const day = (extra: Json) => ({ name: uniqueName(), color: uniqueColor(), schedules: [{ weekdayEn: "monday", startTime: "08:00", endTime: "18:00", ...extra }] });
    const cases: [Json, string][] = [
      [day({ startTime: "8:00" }), "schedules.0.startTime:timeFormat"],
      [day({ startTime: "24:00" }), "schedules.0.startTime:timeFormat"],
      [day({ endTime: "18:60" }), "schedules.0.endTime:timeFormat"],
      [day({ endTime: "1800" }), "schedules.0.endTime:timeFormat"],
      [day({ endTime: undefined }), "schedules.0.endTime:timeFormat"],
      [day({ startTime: "18:00", endTime: "08:00" }), "schedules.0.endTime:endBeforeStart"],
      [day({ weekdayEn: "someday" }), "schedules.0.weekdayEn:invalidWeekday"],
    ];
    for (const [body, issue] of cases) {
      const res = await create(adminA, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(issuePaths(res.body)).toEqual([issue]);
    }
    const twice = await create(adminA, {
      name: uniqueName(),
      color: uniqueColor(),
      schedules: [
        { weekdayEn: "monday", startTime: "08:00", endTime: "18:00" },
        { weekdayEn: "monday", startTime: "09:00", endTime: "10:00" },
      ],
    });
    expect(twice.status).toBe(400);
    expect(issuePaths(twice.body)).toEqual(["schedules:invalidWeekday"]);
  });

  it("answers 409 ERR_QUEUE_COLOR_ALREADY_EXISTS for a colour of the company, in any spelling", async () => {
    const color = uniqueColor();
    expect((await create(adminA, { name: uniqueName(), color })).status).toBe(200);
    for (const same of [color, color.toLowerCase(), color.slice(1)]) {
      expect(await create(adminA, { name: uniqueName(), color: same })).toMatchObject({ status: 409, body: { error: "ERR_QUEUE_COLOR_ALREADY_EXISTS" } });
    }
    // another company may use it
    expect((await create(adminB, { name: uniqueName(), color })).status).toBe(200);
  });

  it("answers 409 ERR_QUEUE_NAME_EXISTS for a name of the company, case-insensitively", async () => {
    const name = uniqueName("Financeiro");
    expect((await create(adminA, { name, color: uniqueColor() })).status).toBe(200);
    expect(await create(adminA, { name: name.toUpperCase(), color: uniqueColor() })).toMatchObject({ status: 409, body: { error: "ERR_QUEUE_NAME_EXISTS" } });
    expect(await create(adminA, { name: ` ${name} `, color: uniqueColor() })).toMatchObject({ status: 409, body: { error: "ERR_QUEUE_NAME_EXISTS" } });
    expect((await create(adminB, { name, color: uniqueColor() })).status).toBe(200);
  });

  it("lets one of two concurrent creates of a name win; the other answers 409", async () => {
    const name = uniqueName();
    const results = await Promise.all([create(adminA, { name, color: uniqueColor() }), create(adminA, { name, color: uniqueColor() })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.error).toBe("ERR_QUEUE_NAME_EXISTS");
  });

  it("refuses agents (403) and another company's companyId (404), writing nothing", async () => {
    const name = uniqueName();
    expect(await create(agentA, { name, color: uniqueColor() })).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await create(adminA, { name, color: uniqueColor(), companyId: b.companyId })).toMatchObject({ status: 404 });
    expect(await getDb().select().from(queues).where(eq(queues.name, name))).toEqual([]);
    expect(queueEvents()).toEqual([]);
  });

  it("takes the company's prompt and integration, and answers 404 for another company's", async () => {
    const db = getDb();
    const [promptA] = await db.insert(prompts).values({ companyId: a.companyId, name: "P", prompt: "p" }).returning();
    const [promptB] = await db.insert(prompts).values({ companyId: b.companyId, name: "P", prompt: "p" }).returning();
    const [intA] = await db.insert(queueIntegrations).values({ companyId: a.companyId, type: "n8n", name: "I" }).returning();
    const [intB] = await db.insert(queueIntegrations).values({ companyId: b.companyId, type: "n8n", name: "I" }).returning();
    const ok = await create(adminA, { name: uniqueName(), color: uniqueColor(), promptId: promptA.id, integrationId: intA.id });
    expect(ok.body).toMatchObject({ promptId: promptA.id, integrationId: intA.id });
    expect((await create(adminA, { name: uniqueName(), color: uniqueColor(), promptId: promptB.id })).status).toBe(404);
    expect((await create(adminA, { name: uniqueName(), color: uniqueColor(), integrationId: intB.id })).status).toBe(404);
    const cleared = await update(adminA, ok.body.id, { promptId: null, integrationId: "" });
    expect(cleared.body).toMatchObject({ promptId: null, integrationId: null });
  });

  it("holds the plan's queue limit (403 ERR_QUEUE_LIMIT_REACHED)", async () => {
    const t = await createTenant();
    await getDb().update(plans).set({ queues: 3 }).where(eq(plans.id, t.planId));
    const { token } = await loginAs(t.admin);
    expect((await create(token, { name: uniqueName(), color: uniqueColor() })).status).toBe(200);
    expect(await create(token, { name: uniqueName(), color: uniqueColor() })).toMatchObject({
      status: 403,
      body: { error: "ERR_QUEUE_LIMIT_REACHED", limit: 3 },
    });
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

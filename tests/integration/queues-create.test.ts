import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { plans, prompts, queueIntegrations, queues } from "@/db/schema";
import { channels } from "@/lib/realtime/channels";
import { DEFAULT_QUEUE_SCHEDULES } from "@/lib/queues/schedules";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import type { Json } from "../helpers/http";
import { create, installQueueHooks, issuePaths, queueEvents, setupQueueTenants, uniqueColor, uniqueName, update } from "../helpers/queues-env";

// POST /api/queue (admin §2.3, §5 Queue validation, §9 default hours; core §8
// ERR_QUEUE_COLOR_ALREADY_EXISTS): defaults, validation, uniqueness, ownership, the plan limit
// (the shared setup is tests/helpers/queues-env.ts).
let a: Tenant;
let b: Tenant;
let adminA: string;
let agentA: string;
let adminB: string;

installQueueHooks();
beforeAll(async () => void ({ a, b, adminA, agentA, adminB } = await setupQueueTenants()));

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

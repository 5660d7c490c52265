import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DELETE as deleteRoute, GET as getRoute, PUT as putRoute } from "@/app/api/prompt/[id]/route";
import { POST as postRoute } from "@/app/api/prompt/route";
import { PUT as putQueueRoute } from "@/app/api/queue/[id]/route";
import { POST as postQueueRoute } from "@/app/api/queue/route";
import { getDb } from "@/db";
import { queues } from "@/db/schema";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call, type Json } from "../helpers/http";

// AI prompts and their queues (issue 17 §1): saving attaches the prompt to its queue, changing the
// queue detaches the old one, deleting detaches it; one prompt per queue (the latest save takes it).
let a: Tenant;
let adminA: string;
const published: RealtimeEvent[] = [];

beforeAll(async () => {
  setRealtimeSink((events) => void published.push(...events));
  a = await createTenant();
  adminA = (await loginAs(a.admin)).token;
});
afterAll(() => setRealtimeSink(null));
beforeEach(() => void (published.length = 0));

const create = (token: string, body: Json) => call(postRoute, { method: "POST", url: "/api/prompt", token, body });
const getOne = (token: string, id: number) => call(getRoute, { url: `/api/prompt/${id}`, token, params: { id } });
const update = (token: string, id: number, body: Json) => call(putRoute, { method: "PUT", url: `/api/prompt/${id}`, token, params: { id }, body });
const remove = (token: string, id: number) => call(deleteRoute, { method: "DELETE", url: `/api/prompt/${id}`, token, params: { id } });
const promptEvents = () => JSON.parse(JSON.stringify(published.filter((e) => e.event === EVENTS.prompt)));
const queuePrompt = async (queueId: number) => (await getDb().select({ p: queues.promptId }).from(queues).where(eq(queues.id, queueId)))[0].p;
const base = (queueId: number, extra: Json = {}) => ({ name: "Atendente virtual", prompt: "Você é um atendente cordial.", queueId, ...extra });

describe("queues", () => {
  it("moves with the prompt: a new queue takes it, the old one lets go; delete detaches", async () => {
    const [q1, q2] = a.queueIds;
    const p = (await create(adminA, base(q1))).body;
    published.length = 0;
    const moved = await update(adminA, p.id, { queueId: q2 });
    expect(moved.body).toMatchObject({ queueId: q2, queue: { id: q2 } });
    expect([await queuePrompt(q1), await queuePrompt(q2)]).toEqual([null, p.id]);
    expect(promptEvents()).toEqual([expect.objectContaining({ data: { action: "update", record: expect.objectContaining({ id: p.id, queueId: q2 }) } })]);
    expect((await update(adminA, p.id, { queueId: null })).body.issues).toEqual([{ path: "queueId", message: "queueRequired" }]);
    published.length = 0;
    expect((await remove(adminA, p.id)).body).toEqual({ message: "Prompt deleted" });
    expect(await queuePrompt(q2)).toBeNull();
    expect(promptEvents()).toEqual([{ channels: [channels.admins(a.companyId)], event: "prompt", data: { action: "delete", id: p.id } }]);
    expect((await getOne(adminA, p.id)).status).toBe(404);
  });

  it("a queue holds one prompt: the latest save takes it and the other is left without a queue", async () => {
    const q = a.queueIds[0];
    const first = (await create(adminA, base(q, { name: "Primeiro" }))).body;
    published.length = 0;
    const second = (await create(adminA, base(q, { name: "Segundo" }))).body;
    expect(await queuePrompt(q)).toBe(second.id);
    expect((await getOne(adminA, first.id)).body).toMatchObject({ queueId: null, queue: null });
    expect(promptEvents().map((e: Json) => [e.data.action, e.data.record.id, e.data.record.queueId])).toEqual([
      ["create", second.id, q],
      ["update", first.id, null],
    ]);
    // saved again with the queue, the first takes it back
    await update(adminA, first.id, { queueId: q });
    expect(await queuePrompt(q)).toBe(first.id);
    expect((await getOne(adminA, second.id)).body.queueId).toBeNull();
    await Promise.all([remove(adminA, first.id), remove(adminA, second.id)]);
  });
});

describe("queues at once", () => {
  it("two prompts saved for one queue at once: one holds it, the other is left without it", async () => {
    const q = a.queueIds[1];
    const [x, y] = await Promise.all([create(adminA, base(q, { name: "X" })), create(adminA, base(q, { name: "Y" }))]);
    expect([x.status, y.status]).toEqual([200, 200]);
    const holder = await queuePrompt(q);
    const states = await Promise.all([x.body.id, y.body.id].map(async (id) => (await getOne(adminA, id)).body.queueId));
    expect([x.body.id, y.body.id]).toContain(holder);
    expect(states.filter((s) => s === q)).toHaveLength(1);
    expect(states.filter((s) => s === null)).toHaveLength(1);
    expect((await getOne(adminA, holder!)).body.queueId).toBe(q);
    await Promise.all([remove(adminA, x.body.id), remove(adminA, y.body.id)]);
  });
});

describe("a deleted queue", () => {
  it("leaves its prompt without a queue", async () => {
    const [q] = await getDb().insert(queues).values({ companyId: a.companyId, name: "Temporária", color: "#123456" }).returning({ id: queues.id });
    const p = (await create(adminA, base(q.id))).body;
    await getDb().delete(queues).where(eq(queues.id, q.id));
    expect((await getOne(adminA, p.id)).body).toMatchObject({ queueId: null, queue: null });
    await remove(adminA, p.id);
  });
});

describe("the queue screen's prompt select", () => {
  const putQueue = (id: number, body: Json) => call(putQueueRoute, { method: "PUT", url: `/api/queue/${id}`, token: adminA, params: { id }, body });
  const postQueue = (body: Json) => call(postQueueRoute, { method: "POST", url: "/api/queue", token: adminA, body });

  it("moves the prompt: the prompts list shows the queue that now uses it, and the old holder is left without one", async () => {
    const [q1, q2] = a.queueIds;
    const p = (await create(adminA, base(q1, { name: "Movida" }))).body;
    const other = (await create(adminA, base(q2, { name: "Antiga" }))).body;
    published.length = 0;
    expect((await putQueue(q2, { promptId: p.id })).status).toBe(200);
    expect([await queuePrompt(q1), await queuePrompt(q2)]).toEqual([null, p.id]);
    expect((await getOne(adminA, p.id)).body.queueId).toBe(q2);
    expect((await getOne(adminA, other.id)).body.queueId).toBeNull();
    expect(promptEvents().map((e: Json) => [e.data.record.id, e.data.record.queueId]).sort()).toEqual([[other.id, null], [p.id, q2]].sort());
    // none: the prompt loses its queue
    expect((await putQueue(q2, { promptId: null })).status).toBe(200);
    expect((await getOne(adminA, p.id)).body.queueId).toBeNull();
    await Promise.all([remove(adminA, p.id), remove(adminA, other.id)]);
  });

  it("a new queue made with a prompt takes it", async () => {
    const p = (await create(adminA, base(a.queueIds[0], { name: "Nova fila" }))).body;
    const q = await postQueue({ name: "Fila com prompt", color: "#0a7d4f", promptId: p.id });
    expect(q.status).toBe(200);
    expect((await getOne(adminA, p.id)).body.queueId).toBe(q.body.id);
    expect(await queuePrompt(a.queueIds[0])).toBeNull();
    await remove(adminA, p.id);
    await getDb().delete(queues).where(eq(queues.id, q.body.id));
  });
});

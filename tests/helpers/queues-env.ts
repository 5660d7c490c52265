// Shared setup of the queues API tests (admin §2.3, §7 Queues): queues.test.ts and
// queues-create.test.ts.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { DELETE as deleteRoute, GET as getRoute, PUT as putRoute } from "@/app/api/queue/[id]/route";
import { GET as listRoute, POST as postRoute } from "@/app/api/queue/route";
import { getDb } from "@/db";
import { plans } from "@/db/schema";
import { EVENTS } from "@/lib/realtime/channels";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { createTenant, loginAs } from "./factories";
import { call, type Json } from "./http";

export const published: RealtimeEvent[] = [];
let seq = 0;

/** Call at the top of a queues test file: captures published events, cleared before each test. */
export function installQueueHooks() {
  beforeAll(() => setRealtimeSink((events) => void published.push(...events)));
  afterAll(() => setRealtimeSink(null));
  beforeEach(() => void (published.length = 0));
}

/** Two companies, their admins and company A's agent logged in; company A may add many queues. */
export async function setupQueueTenants() {
  const [a, b] = await Promise.all([createTenant({ plan: {} }), createTenant()]);
  // room for the queues these tests add
  await getDb().update(plans).set({ queues: 200 }).where(eq(plans.id, a.planId));
  const [adminA, agentA, adminB] = (await Promise.all([loginAs(a.admin), loginAs(a.agent), loginAs(b.admin)])).map((s) => s.token);
  return { a, b, adminA, agentA, adminB };
}

export const list = (token: string, query = "") => call(listRoute, { url: `/api/queue${query}`, token });
export const getOne = (token: string, id: number | string) => call(getRoute, { url: `/api/queue/${id}`, token, params: { id } });
export const create = (token: string, body: Json) => call(postRoute, { method: "POST", url: "/api/queue", token, body });
export const update = (token: string, id: number, body: Json) => call(putRoute, { method: "PUT", url: `/api/queue/${id}`, token, params: { id }, body });
export const remove = (token: string, id: number) => call(deleteRoute, { method: "DELETE", url: `/api/queue/${id}`, token, params: { id } });

export const uniqueName = (prefix = "Fila") => `${prefix} ${++seq}`;
// a colour no other test takes: #10xxxx
export const uniqueColor = () => `#10${String(++seq).padStart(4, "0")}`;
export const queueEvents = () => published.filter((e) => e.event === EVENTS.queue);
export const issuePaths = (body: Json) => (body.issues as { path: string; message: string }[]).map((i) => `${i.path}:${i.message}`);

// Shared setup of the tags API tests (core §2 Tags page, §7 GET /tags/list, POST /tags, POST
// /tags/sync; admin §2.8, §3 kanban flag and ticket count; admin §6 kanban switch).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { DELETE as deleteRoute, GET as getRoute, PUT as putRoute } from "@/app/api/tags/[id]/route";
import { GET as listAllRoute } from "@/app/api/tags/list/route";
import { GET as listRoute, POST as postRoute } from "@/app/api/tags/route";
import { POST as syncRoute } from "@/app/api/tags/sync/route";
import { getDb } from "@/db";
import { contacts, tags, tickets, ticketTags, users } from "@/db/schema";
import { EVENTS } from "@/lib/realtime/channels";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { createTenant, createUsers, loginAs, type Tenant } from "./factories";
import { call, type Json } from "./http";

export const published: RealtimeEvent[] = [];
let seq = 0;

/** Call at the top of a tags test file: captures published events, cleared before each test. */
export function installTagHooks() {
  beforeAll(() => setRealtimeSink((events) => void published.push(...events)));
  afterAll(() => setRealtimeSink(null));
  beforeEach(() => void (published.length = 0));
}

/** Two companies; company A has an admin, an agent and a supervisor. */
export async function setupTagTenants() {
  const [a, b] = await Promise.all([createTenant(), createTenant()]);
  const [sup] = await createUsers(a.companyId, 1, "Supervisor");
  await getDb().update(users).set({ profile: "supervisor" }).where(eq(users.id, sup.id));
  const [adminA, agentA, supervisorA, adminB] = (await Promise.all([loginAs(a.admin), loginAs(a.agent), loginAs(sup), loginAs(b.admin)])).map(
    (s) => s.token,
  );
  return { a, b, adminA, agentA, supervisorA, adminB };
}

export const list = (token: string, query = "") => call(listRoute, { url: `/api/tags${query}`, token });
export const listAll = (token: string, query = "") => call(listAllRoute, { url: `/api/tags/list${query}`, token });
export const getOne = (token: string, id: number | string) => call(getRoute, { url: `/api/tags/${id}`, token, params: { id } });
export const create = (token: string, body: Json) => call(postRoute, { method: "POST", url: "/api/tags", token, body });
export const update = (token: string, id: number, body: Json) => call(putRoute, { method: "PUT", url: `/api/tags/${id}`, token, params: { id }, body });
export const remove = (token: string, id: number) => call(deleteRoute, { method: "DELETE", url: `/api/tags/${id}`, token, params: { id } });
export const sync = (token: string, body: Json) => call(syncRoute, { method: "POST", url: "/api/tags/sync", token, body });

export const unique = (prefix: string) => `${prefix} ${++seq}`;
export const tagEvents = () => published.filter((e) => e.event === EVENTS.tag);

export async function makeTag(t: Tenant, name = unique("Tag"), extra: Partial<typeof tags.$inferInsert> = {}) {
  const [row] = await getDb().insert(tags).values({ companyId: t.companyId, name, color: "#112233", ...extra }).returning();
  return row;
}

export async function makeTicket(t: Tenant, queueId: number | null = t.agentQueueId, userId: number | null = null) {
  const n = ++seq;
  const [contact] = await getDb()
    .insert(contacts)
    .values({ companyId: t.companyId, name: `Contato ${n}`, number: `55419${String(n).padStart(8, "0")}` })
    .returning();
  const [ticket] = await getDb()
    .insert(tickets)
    .values({ companyId: t.companyId, contactId: contact.id, whatsappId: t.whatsappId, status: "open", queueId, userId })
    .returning();
  return ticket.id;
}

export const tagIdsOf = async (ticketId: number) =>
  (await getDb().select({ tagId: ticketTags.tagId }).from(ticketTags).where(eq(ticketTags.ticketId, ticketId)))
    .map((r) => r.tagId)
    .sort((x, y) => x - y);

// Shared setup of the kanban API tests (admin §2.8, §3, §4 "Kanban tag change", §7 Kanban calls).
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { GET as kanbanTagsRoute } from "@/app/api/tags/kanban/route";
import { GET as kanbanTicketsRoute } from "@/app/api/ticket/kanban/route";
import { DELETE as clearRoute } from "@/app/api/ticket-tags/[ticketId]/route";
import { PUT as moveRoute } from "@/app/api/ticket-tags/[ticketId]/[tagId]/route";
import { getDb } from "@/db";
import { contacts, tags, tickets, ticketTags, users } from "@/db/schema";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import type { Tenant } from "../helpers/factories";
import { call, type Handler } from "../helpers/http";

export const published: RealtimeEvent[] = [];
let seq = 0;

/** Call at the top of a kanban test file: captures published events, cleared before each test. */
export function installKanbanHooks() {
  beforeAll(() => setRealtimeSink((events) => void published.push(...events)));
  afterAll(() => setRealtimeSink(null));
  beforeEach(() => void (published.length = 0));
}

export const kanbanTags = (token: string) => call(kanbanTagsRoute as Handler, { url: "/api/tags/kanban", token });
export const board = (token: string, query: Record<string, string | number> = {}) => {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return call(kanbanTicketsRoute as Handler, { url: `/api/ticket/kanban?${qs}`, token });
};
export const clearLane = (token: string, ticketId: number | string) =>
  call(clearRoute as Handler, { method: "DELETE", url: `/api/ticket-tags/${ticketId}`, token, params: { ticketId } });
export const moveTo = (token: string, ticketId: number | string, tagId: number | string) =>
  call(moveRoute as Handler, { method: "PUT", url: `/api/ticket-tags/${ticketId}/${tagId}`, token, params: { ticketId, tagId } });

export async function makeTag(t: Tenant, opts: { name?: string; kanban?: 0 | 1; color?: string } = {}) {
  const [row] = await getDb()
    .insert(tags)
    .values({ companyId: t.companyId, name: opts.name ?? `Lane ${++seq}`, color: opts.color ?? "#112233", kanban: opts.kanban ?? 1 })
    .returning();
  return row;
}

type TicketOpts = { queueId?: number | null; userId?: number | null; status?: "open" | "pending" | "closed"; updatedAt?: Date; tagIds?: number[] };

/** A ticket of its own contact; `updatedAt` orders the lanes. */
export async function makeTicket(t: Tenant, o: TicketOpts = {}) {
  const n = ++seq;
  const db = getDb();
  const [contact] = await db
    .insert(contacts)
    .values({ companyId: t.companyId, name: `Cliente ${n}`, number: `55119${String(n).padStart(8, "0")}` })
    .returning();
  const [ticket] = await db
    .insert(tickets)
    .values({
      companyId: t.companyId,
      contactId: contact.id,
      whatsappId: t.whatsappId,
      status: o.status ?? "open",
      queueId: o.queueId === undefined ? t.agentQueueId : o.queueId,
      userId: o.userId ?? null,
      lastMessage: `mensagem ${n}`,
      updatedAt: o.updatedAt ?? new Date(Date.now() - n * 1000),
    })
    .returning();
  if (o.tagIds?.length) await db.insert(ticketTags).values(o.tagIds.map((tagId) => ({ ticketId: ticket.id, tagId, companyId: t.companyId })));
  return ticket;
}

export const tagIdsOf = async (ticketId: number) =>
  (await getDb().select({ tagId: ticketTags.tagId }).from(ticketTags).where(eq(ticketTags.ticketId, ticketId)))
    .map((r) => r.tagId)
    .sort((x, y) => x - y);

export const setAllTicket = (userId: number, on: boolean) =>
  getDb().update(users).set({ allTicket: on ? "enable" : "disable" }).where(eq(users.id, userId));

/** Drops every ticket of the company (a test that counts a lane starts from none). */
export const clearTickets = (t: Tenant) => getDb().execute(sql`delete from tickets where company_id = ${t.companyId}`);

export const ids = (res: { body: { tickets: { id: number }[] } }) => res.body.tickets.map((x) => x.id);

// Shared setup of the ticket transition tests (tickets-transitions*, -create, -rating, -tracking):
// two companies, their admin and agent logged in, tickets made directly, calls to the routes.
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { DELETE as deleteRoute, PUT as putRoute } from "@/app/api/tickets/[id]/route";
import { POST as postRoute } from "@/app/api/tickets/route";
import { getDb } from "@/db";
import { contacts, messages, settings, tickets } from "@/db/schema";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { createTenant, loginAs, type Tenant, type TenantOptions } from "./factories";
import { call } from "./http";

export const published: RealtimeEvent[] = [];

/** Captures published events (cleared before each test). */
export function captureRealtime() {
  beforeAll(() => setRealtimeSink((events) => void published.push(...events)));
  afterAll(() => setRealtimeSink(null));
  beforeEach(() => void (published.length = 0));
}

export type Env = { a: Tenant; b: Tenant; adminA: string; agentA: string; adminB: string };

/** Two companies (no chatbot: nothing answers the customer but what a test asks for). */
export async function twoCompanies(opts: TenantOptions = {}): Promise<Env> {
  const [a, b] = await Promise.all([createTenant({ chatbot: false, ...opts }), createTenant({ chatbot: false, ...opts })]);
  const [adminA, agentA, adminB] = (await Promise.all([loginAs(a.admin), loginAs(a.agent), loginAs(b.admin)])).map((s) => s.token);
  return { a, b, adminA, agentA, adminB };
}

let seq = 0;
export const newNumber = () => `5531${String(Date.now() % 1e5).padStart(5, "0")}${String(++seq).padStart(4, "0")}`;

export async function newContact(t: Tenant, extra: { name?: string; isGroup?: boolean } = {}) {
  const [c] = await getDb()
    .insert(contacts)
    .values({ companyId: t.companyId, name: extra.name ?? `Maria Souza ${++seq}`, number: newNumber(), isGroup: extra.isGroup ?? false })
    .returning();
  return c;
}

export type TicketSpec = { status: "pending" | "open" | "closed"; queueId?: number | null; userId?: number | null; isGroup?: boolean; name?: string };

/** A contact and a ticket of it on the tenant's connection, as the spec says. */
export async function makeTicket(t: Tenant, s: TicketSpec) {
  const contact = await newContact(t, { name: s.name, isGroup: s.isGroup });
  const [ticket] = await getDb()
    .insert(tickets)
    .values({
      companyId: t.companyId,
      contactId: contact.id,
      whatsappId: t.whatsappId,
      status: s.status,
      queueId: s.queueId ?? null,
      userId: s.userId ?? null,
      isGroup: s.isGroup ?? false,
      unreadMessages: 2,
    })
    .returning();
  return ticket;
}

export const ticketRow = async (id: number) => (await getDb().select().from(tickets).where(eq(tickets.id, id)))[0];

export const put = (token: string, id: number, body: Record<string, unknown>) =>
  call(putRoute, { method: "PUT", url: `/api/tickets/${id}`, token, params: { id }, body });
export const del = (token: string, id: number) => call(deleteRoute, { method: "DELETE", url: `/api/tickets/${id}`, token, params: { id } });
export const post = (token: string, body: Record<string, unknown>) => call(postRoute, { method: "POST", url: "/api/tickets", token, body });

/** The texts queued to the customer on a ticket (outbox rows), oldest first. */
export async function outbox(ticketId: number) {
  const rows = await getDb()
    .select()
    .from(messages)
    .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)))
    .orderBy(asc(messages.id));
  return rows.map((m) => ({ body: m.body, sendStatus: m.sendStatus }));
}

export async function setSetting(companyId: number, key: string, value: string) {
  await getDb().insert(settings).values({ companyId, key, value }).onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value } });
}

export const ticketEvents = (action: string, ticketId?: number) =>
  published.filter(
    (e) =>
      e.event === "ticket" &&
      (e.data as { action: string }).action === action &&
      (ticketId === undefined || ((e.data as { ticketId?: number; ticket?: { id: number } }).ticketId ?? (e.data as { ticket?: { id: number } }).ticket?.id) === ticketId),
  );

import { desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { contacts, queues, tickets, users, whatsapps } from "@/db/schema";
import type { TicketStatus } from "@/lib/realtime/channels";
import { tagsOfTickets, type TicketTag } from "@/lib/tags/ticket-tags";

/** A ticket as the list and the conversation header show it (spec core §3 Ticket). */
export type TicketListItem = {
  id: number;
  uuid: string;
  status: TicketStatus;
  unreadMessages: number;
  lastMessage: string;
  updatedAt: Date;
  isGroup: boolean;
  chatbot: boolean;
  /** the bot integration and prompt the ticket runs with (cleared on close) */
  useIntegration: boolean;
  promptId: number | null;
  integrationId: number | null;
  userId: number | null;
  queueId: number | null;
  whatsappId: number | null;
  contactId: number;
  contact: { id: number; name: string; number: string; profilePicUrl: string };
  queue: { id: number; name: string; color: string } | null;
  whatsapp: { id: number; name: string } | null;
  user: { id: number; name: string } | null;
  tags: { id: number; name: string; color: string }[];
};

const columns = {
  id: tickets.id,
  uuid: tickets.uuid,
  status: tickets.status,
  unreadMessages: tickets.unreadMessages,
  lastMessage: tickets.lastMessage,
  updatedAt: tickets.updatedAt,
  isGroup: tickets.isGroup,
  chatbot: tickets.chatbot,
  useIntegration: tickets.useIntegration,
  promptId: tickets.promptId,
  integrationId: tickets.integrationId,
  userId: tickets.userId,
  queueId: tickets.queueId,
  whatsappId: tickets.whatsappId,
  contactId: tickets.contactId,
  contactName: contacts.name,
  contactNumber: contacts.number,
  contactPic: contacts.profilePicUrl,
  queueName: queues.name,
  queueColor: queues.color,
  whatsappName: whatsapps.name,
  userName: users.name,
};

/** tickets with the contact, queue, connection and user a list item names (the caller adds the where). */
export function selectTickets(db: DbOrTx) {
  return db
    .select(columns)
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .leftJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
    .leftJoin(users, eq(users.id, tickets.userId));
}

// a list item's tags, named and ordered as tagsOfTickets gives them, in the row itself: a page of a
// list is one statement, not two (issue 19). Postgres works it out for the rows of the page only
// (after the sort and limit).
const tagsColumn = sql<TicketTag[]>`(
  select coalesce(json_agg(json_build_object('id', tg.id, 'name', tg.name, 'color', tg.color) order by tg.name, tg.id), '[]'::json)
  from ticket_tags tt join tags tg on tg.id = tt.tag_id
  where tt.ticket_id = ${tickets.id} and tt.company_id = ${tickets.companyId}
)`;

/** A list item's fields, in the order a select of them answers (ticket-page.ts maps rows by it). */
export const listFields = { ...columns, tags: tagsColumn };

/** selectTickets with each ticket's tags (toTicketListItem keeps them). */
export function selectTicketsWithTags(db: DbOrTx) {
  return db
    .select(listFields)
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .leftJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
    .leftJoin(users, eq(users.id, tickets.userId));
}

export type TicketRow = Awaited<ReturnType<typeof selectTickets>>[number];

export function toTicketListItem(r: TicketRow & { tags?: TicketTag[] }): TicketListItem {
  return {
    id: r.id,
    uuid: r.uuid,
    status: r.status as TicketStatus,
    unreadMessages: r.unreadMessages,
    lastMessage: r.lastMessage,
    updatedAt: r.updatedAt,
    isGroup: r.isGroup,
    chatbot: r.chatbot,
    useIntegration: r.useIntegration,
    promptId: r.promptId,
    integrationId: r.integrationId,
    userId: r.userId,
    queueId: r.queueId,
    whatsappId: r.whatsappId,
    contactId: r.contactId,
    contact: { id: r.contactId, name: r.contactName, number: r.contactNumber, profilePicUrl: r.contactPic },
    queue: r.queueId !== null && r.queueName !== null ? { id: r.queueId, name: r.queueName, color: r.queueColor ?? "" } : null,
    whatsapp: r.whatsappId !== null && r.whatsappName !== null ? { id: r.whatsappId, name: r.whatsappName } : null,
    user: r.userId !== null && r.userName !== null ? { id: r.userId, name: r.userName } : null,
    // read with the row (selectTicketsWithTags), else filled by withTags (one query for a whole page)
    tags: r.tags ?? [],
  };
}

/** List items with their tags, read in one query for all of them. */
export async function withTags(db: DbOrTx, companyId: number, items: TicketListItem[]): Promise<TicketListItem[]> {
  const tags = await tagsOfTickets(db, companyId, items.map((t) => t.id));
  return items.map((t) => ({ ...t, tags: tags.get(t.id) ?? [] }));
}

/** The lists' order: newest activity first, the id breaking ties. */
export const newestFirst = [desc(tickets.updatedAt), desc(tickets.id)];

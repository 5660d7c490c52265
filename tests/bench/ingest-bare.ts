// The physical limit of the ingest benchmark (issue 19 part 1): the same contact, ticket, tracking
// and message rows written with the least SQL that writes them, one prepared statement per message,
// the ids already known in memory (no lookups, no locks, no chatbot, no events). ingest.ts runs it
// on its own fresh database beside the product's path and prints ours/bare: on a busy machine both
// slow down together, so the ratio is the figure that survives the noise.
import type postgres from "postgres";
import type { InboundMessage } from "@/lib/whatsapp/types";

type Known = Map<string, { contactId: number; ticketId: number }>;
type Tenant = { companyId: number; whatsappId: number };

// a new contact: its row, its pending ticket, the ticket's first tracking row, the message
const NEW_SQL = `
with c as (
  insert into contacts (company_id, name, number, whatsapp_id) values ($1, $3, $4, $2) returning id
), t as (
  insert into tickets (company_id, contact_id, whatsapp_id, status, last_message, unread_messages)
  select $1, c.id, $2, 'pending', $6, 1 from c returning id
), tt as (
  insert into ticket_tracking (company_id, ticket_id, whatsapp_id, queued_at) select $1, t.id, $2, now() from t
), m as (
  insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me, read, ack, created_at)
  select $1, t.id, c.id, $2, $5, $6, false, false, 0, $7::timestamptz from c, t
)
select c.id as "contactId", t.id as "ticketId" from c, t`;

// a known contact: the message, and the ticket's last message and unread count moved
const EXISTING_SQL = `
with m as (
  insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me, read, ack, created_at)
  values ($1, $3, $4, $2, $5, $6, false, false, 0, $7::timestamptz)
)
update tickets set last_message = $6, unread_messages = unread_messages + 1, updated_at = now() where id = $3`;

/** The contacts and open tickets already there (the warm-up made them through the product's path). */
export async function knownTickets(client: postgres.Sql, companyId: number): Promise<Known> {
  const rows = await client<{ number: string; contactId: number; ticketId: number }[]>`
    select c.number, c.id as "contactId", t.id as "ticketId"
    from contacts c join tickets t on t.contact_id = c.id and t.status <> 'closed'
    where c.company_id = ${companyId}`;
  return new Map(rows.map((r) => [r.number, { contactId: r.contactId, ticketId: r.ticketId }]));
}

/** Writes one message's rows bare. */
export async function insertBare(client: postgres.Sql, t: Tenant, known: Known, m: InboundMessage): Promise<void> {
  const number = m.from.number;
  const at = m.timestamp.toISOString();
  const k = known.get(number);
  if (k) {
    await client.unsafe(EXISTING_SQL, [t.companyId, t.whatsappId, k.ticketId, k.contactId, m.wid, m.body, at], { prepare: true });
    return;
  }
  const [row] = await client.unsafe<{ contactId: number; ticketId: number }[]>(
    NEW_SQL,
    [t.companyId, t.whatsappId, m.from.name ?? number, number, m.wid, m.body, at],
    { prepare: true },
  );
  known.set(number, row);
}

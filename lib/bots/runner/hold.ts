import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { movedTicketEvents } from "@/lib/chatbot/ticket-events";
import { publish } from "@/lib/realtime/publish";
import type { TicketStatus } from "@/lib/realtime/channels";
import type { ClaimedTurn } from "./claim";

/** The ticket as a turn needs it, while the bot holds it. */
export type HeldTicket = {
  id: number;
  companyId: number;
  whatsappId: number;
  queueId: number | null;
  status: TicketStatus;
  contactNumber: string;
  contactName: string;
};

/**
 * The condition "the bot still holds this ticket for this turn's target": pending, nobody's,
 * useIntegration on, the same integration or prompt. Every write of a turn carries it, so an agent
 * accepting (or a transfer, a close) in the middle of a turn stops what the bot had left to do.
 */
export function heldBy(turn: Pick<ClaimedTurn, "ticketId" | "companyId" | "targetKind" | "targetId">, alias = "t"): SQL {
  const t = sql.raw(alias);
  const target = turn.targetKind === "prompt" ? sql`${t}.prompt_id = ${turn.targetId}` : sql`${t}.integration_id = ${turn.targetId}`;
  return sql`${t}.id = ${turn.ticketId} and ${t}.company_id = ${turn.companyId} and ${t}.status = 'pending'
    and ${t}.user_id is null and ${t}.use_integration and ${t}.whatsapp_id is not null and ${target}`;
}

/** The ticket and its contact while the bot holds it for this turn, else null (the turn has nothing to do). */
export async function loadHeldTicket(db: DbOrTx, turn: ClaimedTurn): Promise<HeldTicket | null> {
  const [row] = (await db.execute(sql`
    select t.id, t.company_id as "companyId", t.whatsapp_id as "whatsappId", t.queue_id as "queueId", t.status,
      ct.number as "contactNumber", ct.name as "contactName"
    from tickets t join contacts ct on ct.id = t.contact_id
    where ${heldBy(turn)}`)) as unknown as HeldTicket[];
  return row ?? null;
}

/**
 * The bot lets go (a hand-off, or a failure): the ticket stays pending in its queue for the agents,
 * with no bot (useIntegration, integration, prompt and the option walk cleared), its sessions
 * forgotten and the ticket events published. Answers false when the bot no longer held it.
 */
export async function releaseTicket(db: DbOrTx, turn: ClaimedTurn): Promise<boolean> {
  const rows = (await db.execute(sql`
    with u as (
      update tickets t set use_integration = false, integration_id = null, prompt_id = null, chatbot = false, updated_at = now()
      where ${heldBy(turn)}
      returning t.id, t.queue_id as "queueId", t.status
    ), s as (
      delete from bot_sessions where ticket_id = ${turn.ticketId} and exists (select 1 from u)
    )
    select * from u`)) as unknown as { id: number; queueId: number | null; status: TicketStatus }[];
  const row = rows[0];
  if (!row) return false;
  const before = { id: row.id, companyId: turn.companyId, queueId: row.queueId, status: row.status, userId: null };
  await publish(...(await movedTicketEvents(db, [{ id: row.id, companyId: turn.companyId, before }])));
  return true;
}

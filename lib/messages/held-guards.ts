import { sql } from "drizzle-orm";
import type { Db } from "@/db";
import { getEnv } from "@/lib/env";
import type { InboundMessage } from "@/lib/whatsapp/types";

/** How old a held message may be for the bot to answer it (HELD_REPLY_MAX_AGE_MIN, default 6 h). */
export const heldReplyMaxAgeMs = () => getEnv().HELD_REPLY_MAX_AGE_MIN * 60_000;

/** A held message older than the held-reply age, at `now`. */
export function isLate(message: InboundMessage, now: Date): boolean {
  return now.getTime() - message.timestamp.getTime() > heldReplyMaxAgeMs();
}

/**
 * Whether the bot may answer a message WhatsApp held for us while no socket was up (issue 33 part
 * 1): only the one the batch chose (`held.botTurn`: the newest customer message of its chat, no own
 * message after it), only when it is younger than the held-reply age, and only when the ticket has
 * no message of ours newer than it (an agent, or the phone, answered already). A deploy must never
 * send a customer a wrong or repeated bot message.
 */
export async function heldTurnAllowed(db: Db, input: { ticketId: number; messageId: number; message: InboundMessage }, now: Date): Promise<boolean> {
  const { message } = input;
  if (!message.held?.botTurn || isLate(message, now)) return false;
  const [answered] = (await db.execute(sql`
    select 1 as found from messages
    where ticket_id = ${input.ticketId} and from_me and id <> ${input.messageId}
      and created_at > ${message.timestamp.toISOString()}::timestamptz
    limit 1
  `)) as unknown as { found: number }[];
  return !answered;
}

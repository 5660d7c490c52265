import { and, desc, eq, lte, or, isNull, notInArray, ne } from "drizzle-orm";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { DbOrTx } from "@/db";
import { messages } from "@/db/schema";

export type HistoryRow = { id: number; body: string; fromMe: boolean };

const NAME_MAX = 80;

/** The contact's name as data: one line, short, quoted. */
export function customerLine(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f]+/g, " ").replace(/\s+/g, " ").trim().slice(0, NAME_MAX);
  return clean ? `The customer's name is ${JSON.stringify(clean)}.` : "";
}

/**
 * The conversation the model reads: the system message (the prompt's text, then the contact's
 * name), the ticket's earlier messages as user (customer) and assistant (fromMe) turns, and the
 * current customer message last; `maxMessages` turns in all, the current one included. Customer
 * text only ever goes in user turns: it never changes the system message.
 */
export function toChatMessages(opts: { prompt: string; contactName: string; history: HistoryRow[]; current: { id?: number | null; text: string }; maxMessages: number }): ChatCompletionMessageParam[] {
  const system = [opts.prompt.trim(), customerLine(opts.contactName)].filter(Boolean).join("\n\n");
  const keep = Math.max(0, opts.maxMessages - 1);
  const earlier = opts.history
    .filter((m) => m.id !== opts.current.id && m.body.trim())
    .slice(keep > 0 ? -keep : opts.history.length) // slice(-0) would keep them all
    .map((m): ChatCompletionMessageParam => (m.fromMe ? { role: "assistant", content: m.body } : { role: "user", content: m.body }));
  return [{ role: "system", content: system }, ...earlier, { role: "user", content: opts.current.text }];
}

/**
 * The ticket's last messages before (and with) the current one, oldest first: not deleted, with
 * a text, and, for ours, not an outbox message that never went (failed or cancelled).
 */
export async function loadHistory(db: DbOrTx, companyId: number, ticketId: number, upToId: number | null | undefined, limit: number): Promise<HistoryRow[]> {
  const rows = await db
    .select({ id: messages.id, body: messages.body, fromMe: messages.fromMe })
    .from(messages)
    .where(
      and(
        eq(messages.ticketId, ticketId),
        eq(messages.companyId, companyId),
        eq(messages.isDeleted, false),
        ne(messages.body, ""),
        or(isNull(messages.sendStatus), notInArray(messages.sendStatus, ["failed", "cancelled"])),
        upToId ? lte(messages.id, upToId) : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
  return rows.reverse();
}

import { forgetWithDatabase } from "@/db";
import type { BotTicket } from "./state";

/**
 * The tickets this process last wrote, by chat: each as the last inbound statement or bot turn of
 * this process left it (ahead.ts decides the bot's next turn on it before the next message is
 * stored). Only a guess: the statement that writes a turn decided on it checks every field the
 * decision read, so a ticket changed elsewhere (an agent, another process) costs a wasted decision,
 * never a wrong turn. The oldest chats go first past MAX_KEPT (a few hundred bytes each).
 */
export type KeptTicket = {
  ticket: BotTicket;
  /** last_bot_message_at exactly as stored (text as Postgres writes it, or the ISO time written): compared as such */
  lastBotAt: string | null;
};

const MAX_KEPT = 20_000;

const holder = globalThis as unknown as { __keptTickets?: Map<string, KeptTicket> };
const kept = () => (holder.__keptTickets ??= new Map());
forgetWithDatabase("keptTickets", () => holder.__keptTickets?.clear());
const keyOf = (companyId: number, whatsappId: number, number: string) => `${companyId}:${whatsappId}:${number}`;

/** The chat's ticket as this process last wrote it, if it did. */
export function keptTicket(companyId: number, whatsappId: number, number: string): KeptTicket | undefined {
  return kept().get(keyOf(companyId, whatsappId, number));
}

/** Keeps the ticket a write left (the chat's number is its contact's: groups are never kept). */
export function keepTicket(entry: KeptTicket) {
  const t = entry.ticket;
  if (t.isGroup || t.whatsappId === null) return;
  const map = kept();
  const key = keyOf(t.companyId, t.whatsappId, t.contactNumber);
  // inserted again at the end: the map's order is the order chats were last written in
  map.delete(key);
  map.set(key, entry);
  if (map.size > MAX_KEPT) map.delete(map.keys().next().value!);
}

/**
 * Keeps the ticket a bot turn left: `after` is the ticket read with the turn's changes; `saidAt` the
 * time it wrote as last_bot_message_at when it said something (else that column is as it was).
 */
export function keepTurn(after: BotTicket, updatedAt: Date, saidAt: string | null) {
  const before = after.whatsappId === null ? undefined : keptTicket(after.companyId, after.whatsappId, after.contactNumber);
  // what the ticket's last_bot_message_at was is known only from a kept row of the same ticket
  const lastBotAt = saidAt ?? (before?.ticket.id === after.id ? before.lastBotAt : undefined);
  if (lastBotAt === undefined) return forget(after);
  keepTicket({ ticket: { ...after, updatedAt, lastBotMessageAt: lastBotAt === null ? null : new Date(lastBotAt) }, lastBotAt });
}

function forget(t: BotTicket) {
  if (t.whatsappId !== null) kept().delete(keyOf(t.companyId, t.whatsappId, t.contactNumber));
}

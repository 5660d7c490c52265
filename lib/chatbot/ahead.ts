import type { Db } from "@/db";
import { announceBotTurn } from "@/lib/bots/runner/announce";
import { ticketOfRow } from "@/lib/messages/ingest-bot-state";
import type { IngestParams, IngestRow } from "@/lib/messages/ingest-statement";
import { metrics } from "@/lib/observability/metrics";
import { publish } from "@/lib/realtime/publish";
import type { InboundMessage } from "@/lib/whatsapp/types";
import { AHEAD_ARGS, type AheadArgs } from "./ahead-statement";
import { keptBotContext } from "./context-cache";
import { decide } from "./decide";
import { keepTicket, keepTurn, keptTicket } from "./kept-tickets";
import { wakeWorker } from "./queue-bot-message";
import { clockOf } from "./run-chatbot";
import { botStateFrom, needsTurn, type BotTicket } from "./state";
import { createTurn, turnArgs, type Turn } from "./turn";

// The bot's turn decided BEFORE its message is stored (issue 19 part 1): on the ticket as this
// process last wrote it (kept-tickets.ts), or on the ticket the message will create when this
// process has none for the chat. The message's own statement then writes both, in one round trip
// and one commit instead of two after each other, but writes the turn only if the ticket it left is
// the one the decision assumed (ahead-statement.ts: the same compare-and-set as any turn, and every
// other field a decision reads). Otherwise the bot runs as before, after the message.

export type Ahead = { turn: Turn; args: AheadArgs };

type Ids = { companyId: number; whatsappId: number };

/**
 * The turn for a customer's message, decided on the ticket this process expects the message to
 * land on; null when there is nothing to decide ahead (own messages, history, groups, calls, no bot
 * context kept yet, nothing for the bot to do or say).
 */
export async function turnAhead(db: Db, ids: Ids, message: InboundMessage, p: IngestParams): Promise<Ahead | null> {
  // a held message's turn has guards of its own (lib/messages/held-guards.ts), decided after it is stored
  if (message.fromMe || message.fromHistory || message.held || message.isGroup || message.mediaType === "call_log") return null;
  // a placeholder (content we do not render) never starts a turn (lib/messages/after-inbound.ts)
  if (message.unrendered) return null;
  const kept = keptTicket(ids.companyId, ids.whatsappId, p.chat.number);
  const context = keptBotContext(ids.companyId, ids.whatsappId);
  if (!context) return null;
  const base = kept?.ticket ?? newTicket(ids, p);
  // what the message's own write changes on it
  const read = { ...base, unreadMessages: base.unreadMessages + p.unreadIncrement, lastMessage: p.lastMessage };
  const queue = read.queueId === null ? null : context.context.queues?.find((q) => q.id === read.queueId);
  if (queue === undefined) return null;
  const state = botStateFrom(read, { ...context.context, queueSchedules: queue?.schedules ?? null });
  const now = clockOf(message.timestamp);
  if (!needsTurn(state, ids.whatsappId, message, now)) return null;
  const turn = createTurn(db, state.ticket, now);
  await decide(turn, { message }, state);
  const plan = turn.plan();
  if (!plan) return null;
  const decided = {
    ...turnArgs(state.ticket, plan, null),
    ticket: kept ? base.id : null,
    integration_id: read.integrationId,
    prompt_id: read.promptId,
    last_bot_at: kept ? kept.lastBotAt : null,
    contact_name: read.contactName,
    bot_version: context.version,
  };
  const args = Object.fromEntries(AHEAD_ARGS.filter(([n]) => n !== "ahead").map(([n]) => [n, decided[n as keyof AheadArgs]])) as AheadArgs;
  return { turn, args };
}

/**
 * After the message's statement: keeps the ticket it left, and when it wrote the turn decided ahead
 * (`row.aheadMatched`), does what a written turn does next (wake the worker, publish, tell the bot runner).
 */
export async function afterAhead(db: Db, ids: Ids, row: IngestRow, ahead: Ahead | null): Promise<void> {
  const ticket = ticketOfRow(ids, row);
  // the app's client leaves timestamps as Postgres writes them (drizzle's setting); a parsed one is compared at ms precision
  const raw = row.lastBotMessageAt as unknown;
  const lastBotAt = raw === null ? null : raw instanceof Date ? raw.toISOString() : String(raw);
  const stored = { ...ticket, updatedAt: new Date(row.updatedAt), lastBotMessageAt: lastBotAt === null ? null : new Date(lastBotAt) };
  keepTicket({ ticket: stored, lastBotAt });
  if (!ahead) return;
  metrics().turnsAhead.inc({ written: String(row.aheadMatched === true) });
  if (!row.aheadMatched) return;
  const { turn } = ahead;
  const written = turn.written(
    { matched: true, updatedAt: row.aheadUpdatedAt, ids: row.aheadIds, wids: row.aheadWids, createdAt: row.aheadCreatedAt },
    stored,
  );
  // matched rows are never a conflict: this narrows the type
  if (written.conflict) return;
  keepTurn({ ...stored, ...(turn.plan()!.patch as Partial<BotTicket>) }, written.updatedAt!, ahead.args.said_at);
  if (turn.hasSaid) void wakeWorker(db, [ids.whatsappId]);
  await publish(...written.events);
  if (turn.pendingHandOff) announceBotTurn({ companyId: ids.companyId, ticketId: ticket.id });
}

/** The ticket the message creates when its contact has none open: pending, nobody's, no queue, the bot not started. */
function newTicket(ids: Ids, p: IngestParams): BotTicket {
  return {
    id: 0,
    uuid: "",
    companyId: ids.companyId,
    whatsappId: ids.whatsappId,
    status: "pending",
    queueId: null,
    userId: null,
    isGroup: false,
    unreadMessages: 0,
    lastMessage: "",
    updatedAt: new Date(),
    chatbot: false,
    amountUsedBotQueues: 0,
    queueOptionId: null,
    lastBotMessageAt: null,
    useIntegration: false,
    integrationId: null,
    promptId: null,
    contactId: 0,
    // ingest_contact names a new contact so (a known one's name is checked by the statement)
    contactName: p.chat.name || p.chat.number,
    contactNumber: p.chat.number,
    contactPic: "",
  };
}

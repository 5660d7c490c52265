import { rawClient, type Db } from "@/db";
import { PREPARE } from "@/db/prepared-query";
import { AppError } from "@/lib/api/errors";
import { confirmCampaignAnswer } from "@/lib/campaigns/dispatch/confirm-answer";
import { runChatbot } from "@/lib/chatbot/run-chatbot";
import type { BotState } from "@/lib/chatbot/state";
import type { InboundMessage } from "@/lib/whatsapp/types";
import { heldTurnAllowed, isLate } from "./held-guards";

export type InboundEvent = {
  companyId: number;
  whatsappId: number;
  ticketId: number;
  messageId: number;
  ticketCreated: boolean;
  message: InboundMessage;
  /**
   * The ticket as the ingest statement left it, when the caller has it: a ticket an agent holds
   * then costs the bot no query at all (ingest's IngestRow carries both fields).
   */
  ticket?: { status: string; userId: number | null };
  /** the bot's state as the ingest statement read it: the chatbot's first turn then reads nothing */
  botState?: BotState;
  /** false when the ingest statement found no campaign confirmation waiting for the number */
  campaignWaiting?: boolean;
};

// The after-ingest work of a message is taken once, though the message is stored in one
// transaction and the work runs in others after it: a failure a retry may fix (the database away)
// is thrown back, so the inbox keeps the row and delivers it again; the message is then a
// duplicate, and the work runs again unless it is done (`afterInboundOfDuplicate`). Of its steps,
// only the bot's turn must never run twice, and its write carries the marker: write_bot_turn marks
// the message (messages.turn_taken_at, migration 0020) in its own transaction, for a turn written
// after the message (runChatbot) or with it by the ingest statement (a turn decided ahead). So a
// failure after that write (publishing it) finds the message marked and the bot does not say it
// twice; a failure before it leaves neither turn nor marker. The other steps are idempotent instead
// of marked, which costs the live path no statement (a message the bot does not answer is one
// statement: tests/integration/ingest-round-trips.test.ts): the confirmation moves its recipient by
// compare-and-set (a second run finds nothing waiting), the guards only read, and a run that wrote
// no turn (the bot idle, an agent's ticket, a held message it may not answer) wrote nothing to
// repeat. A duplicate runs the work only while its message is the newest of its ticket: once
// anything was stored after it (an answer, the customer's next message), the message is answered
// or the newer one has the turn, and the bot stays quiet.

/**
 * Whether the after-ingest work concerns the message at all: bots answer customers only, not own
 * messages, history imports or groups, and a placeholder for a content we do not render (a poll,
 * an event...) is no answer to anything. A delivery of those again runs nothing either.
 */
export const concernsAfterInbound = (m: InboundMessage) => !(m.fromMe || m.fromHistory || m.isGroup || m.unrendered);

/**
 * Runs after an inbound message has been stored and published: the campaign confirmation and the
 * chatbot (lib/chatbot): queue menu, option trees, work hours, calls, hand-off to an integration.
 * Its errors never undo the message: `runAfterInbound` settles them.
 *
 * Groups: the bot never answers a group, whatever CheckMsgIsGroup says (a menu in a group would
 * answer everyone). The setting's own meaning, "ignore group messages", is about storing them at
 * all, which is decided before this hook: ingest stores every group message today (see the report
 * of issue 6; `ignoresGroupMessages` in lib/chatbot/settings.ts is the check for that step).
 */
export async function afterInbound(db: Db, event: InboundEvent): Promise<void> {
  if (!concernsAfterInbound(event.message)) return;
  // a message WhatsApp held while we were away is decided on the clock now, not its own time: a
  // 23:00 message read at 09:00 gets no out-of-hours text
  const held = event.message.held ? new Date() : null;
  // an answer to a campaign's confirmation request sends the campaign message (one indexed query,
  // skipped when the ingest statement already looked); a failure of its own does not keep the bot
  // from answering, unless a retry may fix it (the retry confirms then, not twice)
  if (event.campaignWaiting !== false) {
    const answer = { companyId: event.companyId, whatsappId: event.whatsappId, number: event.message.chatId };
    const late = held ? isLate(event.message, held) : false;
    await confirmCampaignAnswer(db, held ? { ...answer, held: { answeredAt: event.message.timestamp, late } } : answer).catch((err) => {
      if (mayRetryAfterInbound(err)) throw err;
      console.error("[campaigns] confirmation answer failed:", err);
    });
  }
  if (held && !(await heldTurnAllowed(db, event, held))) return;
  await runChatbot(db, event, held ? { now: held } : {});
}

/**
 * `afterInbound`, its failure settled: one a retry may fix is thrown (ingest fails, and the
 * provider delivers the message again); any other is logged, and the turn is not tried again.
 */
export async function runAfterInbound(db: Db, event: InboundEvent): Promise<void> {
  try {
    await afterInbound(db, event);
  } catch (err) {
    if (mayRetryAfterInbound(err)) throw err;
    console.error("[ingest] afterInbound failed:", err);
  }
}

/**
 * A message delivered again that is already stored: a failure after it was stored (the database
 * away, a crash) may have left its after-ingest work undone. It runs now unless a bot's turn
 * answered the message (its marker), or the ticket has a message stored after it (ours or the
 * customer's: the message was answered, or a newer one has the turn).
 */
export async function afterInboundOfDuplicate(db: Db, event: InboundEvent): Promise<void> {
  if (!concernsAfterInbound(event.message)) return;
  const [row] = await rawClient(db).unsafe<{ done: boolean }[]>(DONE_SQL, [event.messageId], { prepare: PREPARE });
  if (!row || row.done) return;
  await runAfterInbound(db, event);
}

const DONE_SQL = `select m.turn_taken_at is not null
    or exists (select 1 from messages n where n.ticket_id = m.ticket_id and n.id > m.id) as done
  from messages m where m.id = $1`;

// connection errors of the driver and of the socket under it
const CONNECTION_CODES = new Set([
  "CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT",
  "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN",
]);
// SQLSTATE classes a retry may fix: connection (08), rollback: deadlock, serialization (40),
// resources (53), object in use or the database not accepting connections (55), shutdown, cancel (57), system (58)
const RETRYABLE_CLASSES = new Set(["08", "40", "53", "55", "57", "58"]);

/**
 * Whether the after-ingest work failed for a reason a retry may fix: the database away or busy
 * (the error or one it wraps: drizzle wraps the driver's), or an AppError of the 5xx kind. Not an
 * AppError of the 4xx kind (as `mayBeRetried`, lib/whatsapp/worker/event-sink.ts), and not a bug or
 * a statement the database refuses for good: retried, those would hold the chat's later messages
 * back for ever, for a bot turn.
 */
export function mayRetryAfterInbound(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof AppError) return e.status >= 500;
    const code = (e as { code?: unknown }).code;
    if (typeof code !== "string") continue;
    if (CONNECTION_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code)) return RETRYABLE_CLASSES.has(code.slice(0, 2));
  }
  return false;
}

import type { Db } from "@/db";
import type { InboundEvent } from "@/lib/messages/after-inbound";
import { publish } from "@/lib/realtime/publish";
import type { Outcome } from "./flow";
import { announceBotTurn } from "@/lib/bots/runner/announce";
import { keepTurn } from "./kept-tickets";
import { decide } from "./decide";
import { wakeWorker } from "./queue-bot-message";
import { loadBotState, needsTurn } from "./state";
import { createTurn } from "./turn";

export type ChatbotResult = { outcome: Outcome; handedOff: boolean };

// A turn loses its compare-and-set only when the ticket changed between its read and its write
// (another message of the customer, an agent); reading again settles it. More means a bug.
const MAX_ATTEMPTS = 5;

/**
 * The chatbot (issue 6 part 3), run by the ingest hook for each stored inbound message of a person
 * (never own messages, history imports or groups). `now` is the moment the rules are judged at
 * (work hours, timeUseBotQueues): the message's own time unless a caller passes a clock.
 *
 * The whole state comes with the event (the ingest statement returns it; read here only when a
 * caller has none, or a turn lost its compare-and-set); most messages (tickets an agent holds, or
 * waiting in a queue) stop there. Otherwise the flow decides, and one statement writes the ticket's move and the bot's
 * outbox rows, compare-and-set against the read (turn.ts); a message for a bot (integration or
 * prompt) becomes a durable bot turn in that same statement. Then the worker is woken, the list and
 * message events are published, and the bot-turn runner is told (lib/bots/runner: it calls the
 * provider outside ingest; ingest never waits for a bot).
 *
 * Most turns never come here: the inbound path decides them before storing the message, on the
 * ticket as this process last wrote it, and its statement writes them (ahead.ts). This runs when
 * that could not be (no ticket kept, the ticket changed elsewhere, a call, a conflict).
 */
export async function runChatbot(db: Db, event: InboundEvent, opts: { now?: Date } = {}): Promise<ChatbotResult> {
  const { message } = event;
  if (message.fromMe || message.fromHistory || message.isGroup) return { outcome: "skipped", handedOff: false };
  // an agent holds the ticket: only a call could concern the bot
  const hint = event.ticket;
  if (hint && (hint.status !== "pending" || hint.userId !== null) && message.mediaType !== "call_log") return { outcome: "idle", handedOff: false };
  const now = opts.now ?? clockOf(message.timestamp);

  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    // the first try starts from the state the ingest statement returned, when it did
    const state = attempt === 1 && event.botState ? event.botState : await loadBotState(db, event.companyId, event.ticketId);
    if (!state || !needsTurn(state, event.whatsappId, message, now)) return { outcome: "idle", handedOff: false };
    const turn = createTurn(db, state.ticket, now, { messageId: event.messageId || null });
    const outcome = await decide(turn, event, state);
    const written = await turn.finish();
    if (written.conflict) continue;
    // the ticket as this turn left it: the chat's next message may be answered ahead (ahead.ts)
    if (written.updatedAt) keepTurn(turn.ticket, written.updatedAt, turn.hasSaid ? now.toISOString() : null);
    // not awaited: the wake may wait a few ms to share a notify with others (wake-worker.ts), and
    // the customer's message is stored and answered already
    if (turn.hasSaid) void wakeWorker(db, [event.whatsappId]);
    await publish(...written.events);
    if (!turn.pendingHandOff) return { outcome, handedOff: false };
    announceBotTurn({ companyId: event.companyId, ticketId: event.ticketId });
    return { outcome, handedOff: true };
  }
  console.error(`[chatbot] ticket ${event.ticketId}: gave up after ${MAX_ATTEMPTS} conflicting turns`);
  return { outcome: "skipped", handedOff: false };
}

// A provider's timestamp is when the customer sent it; an unreadable one is "now".
export const clockOf = (t: Date | undefined) => (t instanceof Date && !Number.isNaN(t.getTime()) ? t : new Date());

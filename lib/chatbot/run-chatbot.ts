import type { Db } from "@/db";
import type { InboundEvent } from "@/lib/messages/after-inbound";
import { publish } from "@/lib/realtime/publish";
import type { Flow, Outcome } from "./flow";
import { announceBotTurn } from "@/lib/bots/runner/announce";
import { botTargetOf } from "./load";
import { optionWalkStep } from "./option-walk";
import { outOfHoursStep } from "./out-of-hours";
import { wakeWorker } from "./queue-bot-message";
import { queueMenuStep } from "./queue-menu";
import { loadBotState, needsTurn, type BotState } from "./state";
import { BOT_TEXTS } from "./texts";
import { createTurn, type Turn } from "./turn";

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

async function decide(turn: Turn, event: InboundEvent, state: BotState): Promise<Outcome> {
  const { db, ticket } = turn;
  const { settings } = state;
  // spec: WhatsApp Web cannot take a call. `call` enabled lets it ring unanswered; disabled answers
  // with a text asking the customer to write (whoever holds the ticket: the call reached nobody).
  if (event.message.mediaType === "call_log") {
    if (settings.acceptCalls) return "call-ignored";
    turn.say(BOT_TEXTS.callRejected);
    return "call-answered";
  }
  // the bot phase: pending and nobody's yet
  if (ticket.status !== "pending" || ticket.userId !== null || !state.connection) return "idle";
  const flow: Flow = {
    turn,
    settings,
    connection: state.connection,
    queues: state.queues,
    timezone: state.timezone,
    answer: (event.message.body ?? "").trim(),
  };
  if (await outOfHoursStep(flow, state)) return "out-of-hours";
  if (ticket.queueId !== null && ticket.useIntegration) {
    const target = await botTargetOf(db, ticket.companyId, ticket);
    if (!target) return "idle";
    turn.handOff({ target, isFirst: false });
    return "handoff";
  }
  if (ticket.queueId === null) return queueMenuStep(flow);
  if (ticket.chatbot) return optionWalkStep(flow);
  return "idle";
}

// A provider's timestamp is when the customer sent it; an unreadable one is "now".
const clockOf = (t: Date | undefined) => (t instanceof Date && !Number.isNaN(t.getTime()) ? t : new Date());

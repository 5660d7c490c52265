import type { InboundMessage } from "@/lib/whatsapp/types";
import type { Flow, Outcome } from "./flow";
import { botTargetOf } from "./load";
import { optionWalkStep } from "./option-walk";
import { outOfHoursStep } from "./out-of-hours";
import { queueMenuStep } from "./queue-menu";
import type { BotState } from "./state";
import { BOT_TEXTS } from "./texts";
import type { Turn } from "./turn";

/**
 * What the bot does with a customer's message on the ticket `state` holds: the turn's changes and
 * texts, kept by `turn` (nothing is written here; reads of the option tree and the bots' settings
 * only). Run after the message is stored (run-chatbot.ts), or before it on the ticket this
 * process last wrote (ahead.ts).
 */
export async function decide(turn: Turn, event: { message: Pick<InboundMessage, "mediaType" | "body"> }, state: BotState): Promise<Outcome> {
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

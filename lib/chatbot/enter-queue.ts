import type { Flow, Outcome } from "./flow";
import { botTargetOf, type BotQueue } from "./load";
import { optionChildren, optionLines } from "./options";
import { BOT_TEXTS, joinParts } from "./texts";
import { isWithinWorkHours } from "./work-hours";

/**
 * Puts the ticket in `queue` (still pending, no user) and does what the queue asks: outside its
 * hours (scheduleType queue) its out-of-hours message; with an integration or prompt that has a
 * provider, the hand-off; with an option tree, the greeting over the first level; else the greeting.
 *
 * A connection's own integration or prompt (admin §2.2 dialog) is the default bot of its queues:
 * a queue without a bot of its own (and without an option tree) hands the ticket to the
 * connection's. The queue's own bot wins; a connection without queues has no queue to hand a
 * ticket over in (its tickets wait for agents, as without a bot).
 */
export async function enterQueue(flow: Flow, queue: BotQueue, { greet }: { greet: boolean }): Promise<Outcome> {
  const { turn, settings, connection } = flow;
  const { db, ticket } = turn;
  turn.set({ queueId: queue.id, queueOptionId: null, chatbot: false });
  const greeting = greet ? queue.greetingMessage : "";
  if (settings.scheduleType === "queue" && !isWithinWorkHours(queue.schedules, turn.now, flow.timezone)) {
    turn.say(queue.outOfHoursMessage.trim() || connection.outOfHoursMessage);
    return "out-of-hours";
  }
  const roots = await optionChildren(db, ticket.companyId, queue.id, null);
  const target = (await botTargetOf(db, ticket.companyId, queue)) ?? (roots.length ? null : await botTargetOf(db, ticket.companyId, connection));
  if (target) {
    turn.say(greeting);
    turn.set({
      useIntegration: true,
      integrationId: target.kind === "integration" ? target.integrationId : null,
      promptId: target.kind === "prompt" ? target.promptId : null,
    });
    turn.handOff({ target, isFirst: true });
    return "handoff";
  }
  if (!roots.length) {
    turn.say(greeting);
    return "queue";
  }
  turn.say(joinParts(greeting, optionLines(roots), flow.queues.length > 1 ? BOT_TEXTS.backHint : null));
  turn.set({ chatbot: true });
  return "options";
}

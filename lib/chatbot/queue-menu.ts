import { enterQueue } from "./enter-queue";
import { boundReached, waitExpired, type Flow, type Outcome } from "./flow";
import { BOT_TEXTS, joinParts, menuLine } from "./texts";

/**
 * A ticket without a queue. One queue on the connection: the ticket goes into it at once. Several:
 * the greeting and the numbered menu, and the answer picks the queue. None: it waits for an agent.
 */
export async function queueMenuStep(flow: Flow): Promise<Outcome> {
  const { turn, queues, settings } = flow;
  const t = turn.ticket;
  // the bot gave up on this ticket earlier (bound or time reached): it waits for an agent
  if (!t.chatbot && t.amountUsedBotQueues > 0) return "idle";
  if (queues.length === 0) return "idle";
  if (queues.length === 1) return enterQueue(flow, queues[0], { greet: settings.greetOneQueue });
  if (!t.chatbot) return sendQueueMenu(flow, { invalid: false });
  if (waitExpired(flow)) {
    turn.set({ chatbot: false });
    return "stopped";
  }
  const picked = /^\d+$/.test(flow.answer) ? queues[Number(flow.answer) - 1] : undefined;
  if (picked) return enterQueue(flow, picked, { greet: true });
  return sendQueueMenu(flow, { invalid: true });
}

/**
 * Sends the queue menu (the connection's greeting, or the invalid-answer notice, over the numbered
 * queues) and counts it; past maxUseBotQueues the bot stops instead and the ticket waits as it is.
 */
export async function sendQueueMenu(flow: Flow, { invalid }: { invalid: boolean }): Promise<Outcome> {
  const { turn, queues, connection } = flow;
  if (boundReached(flow)) {
    turn.set({ chatbot: false });
    return "stopped";
  }
  const header = invalid ? BOT_TEXTS.invalidOption : connection.greetingMessage.trim() || BOT_TEXTS.chooseQueue;
  turn.say(joinParts(header, queues.map((q, i) => menuLine(String(i + 1), q.name)).join("\n")));
  turn.set({ queueId: null, queueOptionId: null, chatbot: true, amountUsedBotQueues: turn.ticket.amountUsedBotQueues + 1 });
  return "menu";
}

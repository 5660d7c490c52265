import { boundReached, waitExpired, type Flow, type Outcome } from "./flow";
import { loadOption, matchOption, optionChildren, optionLines, type BotOption } from "./options";
import { sendQueueMenu } from "./queue-menu";
import { BOT_TEXTS, joinParts } from "./texts";

const BACK = new Set(["0", "#"]);

/**
 * A ticket in a queue whose option tree the bot is walking. tickets.queueOptionId is the option
 * whose children were last listed (null: the roots). An answer naming one of them sends its message
 * and lists its children, or ends the bot at a leaf (the ticket waits in the queue for an agent);
 * "0" or "#" goes up a level (from the roots: back to the queue menu when the connection has
 * several queues); anything else repeats the level, counted against maxUseBotQueues.
 */
export async function optionWalkStep(flow: Flow): Promise<Outcome> {
  const { turn } = flow;
  const { db, ticket } = turn;
  const queueId = ticket.queueId!;
  if (waitExpired(flow)) {
    turn.set({ chatbot: false });
    return "stopped";
  }
  const node = ticket.queueOptionId === null ? null : await loadOption(db, ticket.companyId, queueId, ticket.queueOptionId);
  const several = flow.queues.length > 1;

  if (BACK.has(flow.answer)) {
    if (node) {
      const level = await optionChildren(db, ticket.companyId, queueId, node.parentId);
      turn.say(levelText(null, level, node.parentId !== null || several));
      turn.set({ queueOptionId: node.parentId });
      return "options";
    }
    // spec: from the first level, back to the queue menu (the ticket leaves the queue again; past
    // maxUseBotQueues the bot stops instead and the ticket stays in the queue)
    if (several) return sendQueueMenu(flow, { invalid: false });
  }

  const level = await optionChildren(db, ticket.companyId, queueId, node?.id ?? null);
  if (!level.length) {
    // the tree was changed under the customer: nothing left to choose here
    turn.set({ chatbot: false });
    return "stopped";
  }
  const picked = matchOption(level, flow.answer);
  if (picked) {
    const children = await optionChildren(db, ticket.companyId, queueId, picked.id);
    if (!children.length) {
      turn.say(picked.message);
      turn.set({ queueOptionId: picked.id, chatbot: false });
      return "option-leaf";
    }
    turn.say(levelText(picked.message, children, true));
    turn.set({ queueOptionId: picked.id });
    return "options";
  }
  if (boundReached(flow)) {
    turn.set({ chatbot: false });
    return "stopped";
  }
  turn.say(levelText(BOT_TEXTS.invalidOption, level, node !== null || several));
  turn.set({ amountUsedBotQueues: ticket.amountUsedBotQueues + 1 });
  return "options";
}

const levelText = (header: string | null, level: BotOption[], canGoBack: boolean) =>
  joinParts(header, optionLines(level), canGoBack ? BOT_TEXTS.backHint : null);

import type { ChatbotSettings } from "./settings";
import type { BotConnection, BotQueue } from "./load";
import type { Turn } from "./turn";

/** Everything one turn of the flow reads. */
export type Flow = {
  turn: Turn;
  settings: ChatbotSettings;
  connection: BotConnection;
  /** the connection's queues in menu order */
  queues: BotQueue[];
  /** the company's time zone */
  timezone: string;
  /** what the customer wrote, trimmed ("" for media without a caption) */
  answer: string;
};

export type Outcome =
  | "skipped"
  | "idle"
  | "call-answered"
  | "call-ignored"
  | "out-of-hours"
  | "menu"
  | "queue"
  | "options"
  | "option-leaf"
  | "handoff"
  | "stopped";

/** spec: maxUseBotQueues bounds how often the bot repeats itself (0: no bound). */
export function boundReached(flow: Flow): boolean {
  const max = flow.connection.maxUseBotQueues;
  return max > 0 && flow.turn.ticket.amountUsedBotQueues >= max;
}

/** spec: timeUseBotQueues (minutes, 0: no limit) bounds how long the bot waits for an answer. */
export function waitExpired(flow: Flow): boolean {
  const minutes = flow.connection.timeUseBotQueues;
  const last = flow.turn.ticket.lastBotMessageAt;
  return minutes > 0 && last !== null && flow.turn.now.getTime() - last.getTime() > minutes * 60_000;
}

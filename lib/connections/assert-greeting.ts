import { AppError } from "@/lib/api/errors";

/**
 * spec core §8 ERR_WAPP_GREETING_REQUIRED: a connection with more than one queue greets the
 * customer with its menu of queues, so it needs a greeting (blank counts as none).
 */
export function needsGreeting(queueCount: number, greetingMessage: string | null | undefined): boolean {
  return queueCount > 1 && !greetingMessage?.trim();
}

export function assertGreetingForQueues(queueCount: number, greetingMessage: string | null | undefined) {
  if (needsGreeting(queueCount, greetingMessage)) throw new AppError("ERR_WAPP_GREETING_REQUIRED", 400);
}

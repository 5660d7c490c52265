import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { OutboundBlockedError, OutboundTimeoutError, OutboundTooLargeError } from "@/lib/net";

/**
 * A failed call as admins read it on the prompt (lastError): what went wrong, never a key. The
 * server's own error text is kept (it often says why: a wrong model, a quota) with anything that
 * looks like a key removed.
 */
export class BotCallError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BotCallError";
  }
}

const KEYLIKE = /\b(sk|rk|pk|key)-[A-Za-z0-9_*.-]{6,}/gi;

export function scrub(text: string, secrets: string[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join("••••");
  return out.replace(KEYLIKE, "••••").replace(/\s+/g, " ").trim().slice(0, 200);
}

function causeOf(err: unknown): unknown {
  let e = err;
  for (let i = 0; i < 5 && e instanceof Error && e.cause; i++) e = e.cause;
  return e;
}

/** `service` names who failed ("OpenAI", "OpenAI transcription", "Azure Speech"). */
export function describeError(service: string, err: unknown, secrets: string[], timeoutMs: number): BotCallError {
  if (err instanceof BotCallError) return err;
  const cause = causeOf(err);
  if (cause instanceof OutboundBlockedError || err instanceof OutboundBlockedError)
    return new BotCallError(`${service}: the server's address is not allowed (private or loopback network; see OUTBOUND_ALLOW_HOSTS)`);
  if (err instanceof APIConnectionTimeoutError || cause instanceof OutboundTimeoutError)
    return new BotCallError(`${service}: no answer within ${Math.round(timeoutMs / 1000)} s`);
  if (err instanceof APIUserAbortError || (err instanceof Error && err.name === "AbortError"))
    return new BotCallError(`${service}: the turn's time ran out`);
  if (cause instanceof OutboundTooLargeError) return new BotCallError(`${service}: the answer was too large`);
  if (err instanceof APIError && err.status) {
    const detail = scrub(err.message.replace(/^\d{3}\s*/, ""), secrets);
    if (err.status === 429) return new BotCallError(`${service}: rate limited (429)${detail ? `: ${detail}` : ""}`);
    if (err.status === 401) return new BotCallError(`${service}: the API key was refused (401)`);
    return new BotCallError(`${service}: HTTP ${err.status}${detail ? `: ${detail}` : ""}`);
  }
  if (err instanceof APIConnectionError) return new BotCallError(`${service}: could not reach the server${cause instanceof Error ? ` (${scrub(cause.message, secrets)})` : ""}`);
  if (err instanceof SyntaxError) return new BotCallError(`${service}: malformed answer`);
  return new BotCallError(`${service}: ${scrub(err instanceof Error ? err.message : String(err), secrets) || "failed"}`);
}

import { guardedFetch } from "@/lib/net/guarded-fetch";
import type { TypebotAnswer } from "./bubbles";

const TIMEOUT_MS = 20_000;
const MAX_BYTES = 1024 * 1024;

/** The session Typebot no longer knows (expired or finished on its side): start again. */
export class TypebotSessionGone extends Error {}
/** Typebot refused the reply (400): the input cannot take it. */
export class TypebotRefused extends Error {}

const api = (baseUrl: string, path: string) => `${baseUrl.replace(/\/+$/, "")}/api/v1${path}`;

async function post(url: string, body: unknown, signal?: AbortSignal): Promise<{ status: number; json: unknown }> {
  const res = await guardedFetch({ timeoutMs: TIMEOUT_MS, maxBytes: MAX_BYTES })(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    if (res.ok) throw new Error("Typebot: malformed answer (not JSON)");
  }
  return { status: res.status, json };
}

function answerOf(status: number, json: unknown, what: string): TypebotAnswer {
  if (status < 200 || status >= 300) {
    const msg = json && typeof json === "object" && typeof (json as { message?: unknown }).message === "string" ? `: ${(json as { message: string }).message}` : "";
    throw new Error(`Typebot ${what} answered ${status}${msg}`);
  }
  if (!json || typeof json !== "object" || Array.isArray(json)) throw new Error(`Typebot ${what}: malformed answer`);
  const a = json as TypebotAnswer;
  if (a.messages !== undefined && !Array.isArray(a.messages)) throw new Error(`Typebot ${what}: malformed answer (messages)`);
  return a;
}

/** POST /api/v1/typebots/{publicId}/startChat: a new chat of the published bot `slug`. */
export async function startChat(baseUrl: string, slug: string, variables: Record<string, string>, signal?: AbortSignal): Promise<TypebotAnswer> {
  const { status, json } = await post(
    api(baseUrl, `/typebots/${encodeURIComponent(slug)}/startChat`),
    { isStreamEnabled: false, isOnlyRegistering: false, textBubbleContentFormat: "richText", prefilledVariables: variables },
    signal,
  );
  const a = answerOf(status, json, "startChat");
  if (typeof a.sessionId !== "string" || !a.sessionId) throw new Error("Typebot startChat: no sessionId in the answer");
  return a;
}

/** POST /api/v1/sessions/{sessionId}/continueChat with the customer's text. */
export async function continueChat(baseUrl: string, sessionId: string, text: string, signal?: AbortSignal): Promise<TypebotAnswer> {
  const { status, json } = await post(
    api(baseUrl, `/sessions/${encodeURIComponent(sessionId)}/continueChat`),
    { message: { type: "text", text }, textBubbleContentFormat: "richText" },
    signal,
  );
  if (status === 404) throw new TypebotSessionGone("Typebot session not found");
  if (status === 400) throw new TypebotRefused("Typebot refused the reply");
  return answerOf(status, json, "continueChat");
}

import { createHash, createSign } from "node:crypto";
import { guardedFetch } from "@/lib/net/guarded-fetch";
import type { ServiceAccount } from "@/lib/queue-integrations/schemas";

/**
 * Dialogflow ES (v2) over its REST API, every call through guardedFetch (the outbound guard, a 20 s
 * timeout, the turn's AbortSignal). The service account signs a JWT (RS256) that its `token_uri`
 * (Google's OAuth endpoint unless the JSON names another) exchanges for an access token, kept until
 * a minute before it expires; detectIntent is then called with it.
 *
 * Why not the @google-cloud/dialogflow SessionsClient: its HTTP goes through gaxios/google-auth-
 * library, which would bypass the outbound guard and the turn's signal; the REST calls are the same
 * ones its `fallback: "rest"` transport makes (POST .../sessions/{session}:detectIntent).
 */
export const DIALOGFLOW_ENDPOINT = "https://dialogflow.googleapis.com";
const GOOGLE_TOKEN_URI = "https://oauth2.googleapis.com/token";
const SCOPE = "https://www.googleapis.com/auth/cloud-platform https://www.googleapis.com/auth/dialogflow";
const TIMEOUT_MS = 20_000;

const holder = globalThis as unknown as { __dialogflowEndpoint?: string | null; __dialogflowTokens?: Map<string, { token: string; until: number }> };

/** Points the client at another API host (tests: a local stub); null restores Google's. */
export function setDialogflowEndpoint(url: string | null) {
  holder.__dialogflowEndpoint = url;
  holder.__dialogflowTokens?.clear();
}
const endpoint = () => (holder.__dialogflowEndpoint ?? process.env.DIALOGFLOW_API_ENDPOINT ?? DIALOGFLOW_ENDPOINT).replace(/\/+$/, "");
const tokens = () => (holder.__dialogflowTokens ??= new Map());

export class DialogflowError extends Error {}

const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString("base64url");

function signAssertion(sa: ServiceAccount, tokenUri: string): string {
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${b64({ alg: "RS256", typ: "JWT" })}.${b64({ iss: sa.client_email, scope: SCOPE, aud: tokenUri, iat: now, exp: now + 3600 })}`;
  try {
    return `${unsigned}.${createSign("RSA-SHA256").update(unsigned).sign(sa.private_key, "base64url")}`;
  } catch {
    throw new DialogflowError("Dialogflow: the service account's private_key is not a valid RSA private key");
  }
}

async function accessToken(sa: ServiceAccount, signal?: AbortSignal): Promise<string> {
  const tokenUri = sa.token_uri || GOOGLE_TOKEN_URI;
  const key = createHash("sha256").update(`${tokenUri}\n${sa.client_email}\n${sa.private_key}`).digest("hex");
  const cached = tokens().get(key);
  if (cached && cached.until > Date.now()) return cached.token;
  const res = await guardedFetch({ timeoutMs: TIMEOUT_MS, maxBytes: 64 * 1024 })(tokenUri, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion: signAssertion(sa, tokenUri) }).toString(),
    signal,
  });
  const body = (await res.json().catch(() => null)) as { access_token?: string; expires_in?: number; error?: string; error_description?: string } | null;
  if (!res.ok || !body?.access_token) {
    const why = body?.error_description || body?.error || `status ${res.status}`;
    throw new DialogflowError(`Dialogflow: the service-account credentials were refused (${why})`);
  }
  tokens().set(key, { token: body.access_token, until: Date.now() + Math.max(0, (body.expires_in ?? 3600) - 60) * 1000 });
  return body.access_token;
}

export type QueryResult = {
  queryText?: string;
  fulfillmentText?: string;
  fulfillmentMessages?: { platform?: string; text?: { text?: string[] } }[];
  intent?: { displayName?: string; endInteraction?: boolean };
  diagnosticInfo?: Record<string, unknown>;
};

/** One detectIntent call: the customer's text in the ticket's session; answers the query result. */
export async function detectIntent(
  sa: ServiceAccount,
  q: { projectId: string; sessionId: string; text: string; languageCode: string },
  signal?: AbortSignal,
): Promise<QueryResult> {
  const token = await accessToken(sa, signal);
  const path = `/v2/projects/${encodeURIComponent(q.projectId)}/agent/sessions/${encodeURIComponent(q.sessionId)}:detectIntent`;
  const res = await guardedFetch({ timeoutMs: TIMEOUT_MS, maxBytes: 1024 * 1024 })(`${endpoint()}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ queryInput: { text: { text: q.text.slice(0, 256), languageCode: q.languageCode } } }),
    signal,
  });
  const body = (await res.json().catch(() => null)) as { queryResult?: QueryResult; error?: { message?: string } } | null;
  if (!res.ok) throw new DialogflowError(`Dialogflow answered ${res.status}${body?.error?.message ? `: ${body.error.message}` : ""}`);
  if (!body || typeof body !== "object" || !body.queryResult) throw new DialogflowError("Dialogflow: malformed detectIntent answer");
  return body.queryResult;
}

/** The texts to send: the text fulfilment messages (default platform), else fulfillmentText. */
export function fulfilmentTexts(r: QueryResult): string[] {
  const fromMessages = (r.fulfillmentMessages ?? [])
    .filter((m) => !m.platform || m.platform === "PLATFORM_UNSPECIFIED")
    .flatMap((m) => m.text?.text ?? [])
    .filter((t): t is string => typeof t === "string" && t.trim() !== "");
  if (fromMessages.length) return fromMessages;
  return typeof r.fulfillmentText === "string" && r.fulfillmentText.trim() ? [r.fulfillmentText] : [];
}

/** An end-of-conversation intent (the agent's "end of conversation" toggle). */
export const endsConversation = (r: QueryResult) => r.intent?.endInteraction === true || r.diagnosticInfo?.end_conversation === true;

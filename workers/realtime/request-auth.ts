// Authentication of HTTP API requests, the way Pusher signs them (pusher-http-node's requests.js):
// auth_signature = hex(hmac(secret, METHOD\npath\nsorted "k=v" pairs joined by & without auth_signature)).
import { hmacHex, md5Hex, safeEqual } from "./signature";

/** Pusher refuses a request whose timestamp is more than 600 s from its clock (replay window). */
export const MAX_CLOCK_SKEW_SECONDS = 600;

export type RequestToVerify = {
  method: string;
  /** the path as sent, before any decoding: that is what the client signed */
  path: string;
  query: URLSearchParams;
  body: string;
};

export type RequestCheck = { ok: true } | { ok: false; status: 400 | 401; message: string };

/** The string the signature covers; keys are lower-cased and sorted, values are the decoded ones. */
export function stringToSign(method: string, path: string, params: Record<string, string>): string {
  const pairs = Object.keys(params)
    .filter((k) => k !== "auth_signature")
    .sort()
    .map((k) => `${k}=${params[k]}`);
  return [method.toUpperCase(), path, pairs.join("&")].join("\n");
}

/** Builds a signed query string, as the server SDK does (used by tests and tools). */
export function signApiRequest(params: {
  key: string;
  secret: string;
  method: string;
  path: string;
  body?: string;
  timestamp?: number;
  query?: Record<string, string>;
}): string {
  const query: Record<string, string> = {
    ...params.query,
    auth_key: params.key,
    auth_timestamp: String(params.timestamp ?? Math.floor(Date.now() / 1000)),
    auth_version: "1.0",
  };
  if (params.body) query.body_md5 = md5Hex(params.body);
  const signature = hmacHex(params.secret, stringToSign(params.method, params.path, query));
  return new URLSearchParams({ ...query, auth_signature: signature }).toString();
}

function lowerCasedParams(query: URLSearchParams): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (const [rawKey, value] of query) {
    const key = rawKey.toLowerCase();
    // a repeated parameter would make the signed string ambiguous
    if (Object.hasOwn(params, key)) return null;
    params[key] = value;
  }
  return params;
}

/** Verifies key, version, timestamp, body digest and signature of one API request. */
export function verifyApiRequest(
  request: RequestToVerify,
  app: { key: string; secret: string },
  nowSeconds = Math.floor(Date.now() / 1000),
): RequestCheck {
  const params = lowerCasedParams(request.query);
  if (!params) return { ok: false, status: 400, message: "Repeated query parameter" };
  const { auth_key: key, auth_timestamp: timestamp, auth_version: version, auth_signature: signature } = params;
  if (!key || !timestamp || !signature) {
    return { ok: false, status: 401, message: "Missing auth_key, auth_timestamp or auth_signature" };
  }
  if (version !== undefined && version !== "1.0") return { ok: false, status: 401, message: "Unsupported auth_version" };
  if (!safeEqual(key, app.key)) return { ok: false, status: 401, message: "Unknown auth_key" };

  const givenTime = Number(timestamp);
  if (!Number.isInteger(givenTime) || Math.abs(nowSeconds - givenTime) > MAX_CLOCK_SKEW_SECONDS) {
    return {
      ok: false,
      status: 401,
      message: `Timestamp expired: given timestamp (${timestamp}) not within ${MAX_CLOCK_SKEW_SECONDS}s of server time (${nowSeconds})`,
    };
  }

  // a body must be covered by its digest, or the signature would not protect it
  if (request.body.length > 0 || params.body_md5 !== undefined) {
    if (!params.body_md5) return { ok: false, status: 401, message: "Missing body_md5" };
    if (!safeEqual(params.body_md5, md5Hex(request.body))) return { ok: false, status: 401, message: "body_md5 does not match the body" };
  }

  const expected = hmacHex(app.secret, stringToSign(request.method, request.path, params));
  if (!safeEqual(signature, expected)) return { ok: false, status: 401, message: "Invalid signature" };
  return { ok: true };
}

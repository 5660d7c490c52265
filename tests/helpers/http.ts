import { NextRequest } from "next/server";

/** A route handler as App Router exports it: `(req, { params })`. */
export type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

export type CallOptions = {
  method?: string;
  url: string;
  body?: unknown;
  token?: string;
  /** A Cookie header value (`a=1; b=2`), e.g. `cookies` from loginAs. */
  cookie?: string;
  /** Route params; a catch-all segment (`[...key]`) takes an array. */
  params?: Record<string, string | number | string[]>;
  headers?: Record<string, string>;
};

// Answers are JSON of whatever shape the endpoint has; each test asserts the parts it cares about.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export type CallResult<T = Json> = {
  status: number;
  body: T;
  headers: Headers;
  /** Raw Set-Cookie header values. */
  setCookies: string[];
  /** name -> value of every cookie the answer sets (cleared cookies map to ""). */
  cookies: Record<string, string>;
};

export const BASE_URL = "http://127.0.0.1:3000";

/** Calls a route handler in-process with a real NextRequest: an HTTP request in, JSON out. */
export async function call<T = Json>(handler: Handler, opts: CallOptions): Promise<CallResult<T>> {
  const headers = new Headers(opts.headers);
  if (opts.token) headers.set("authorization", `Bearer ${opts.token}`);
  if (opts.cookie) headers.set("cookie", opts.cookie);
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData || opts.body instanceof Uint8Array) {
    // sent as they are: multipart (the boundary header comes with it) or raw bytes
    body = opts.body as BodyInit;
  } else if (opts.body !== undefined) {
    body = typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const req = new NextRequest(new URL(opts.url, BASE_URL), { method: opts.method ?? "GET", headers, body });
  const params = Object.fromEntries(Object.entries(opts.params ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v : String(v)]));
  const res = await handler(req, { params: Promise.resolve(params as Record<string, string>) });
  const text = await res.text();
  let parsed: unknown = text;
  if (text && (res.headers.get("content-type") ?? "").includes("json")) {
    try {
      parsed = JSON.parse(text);
    } catch {
      // left as text: the test shows what came back
    }
  }
  const setCookies = res.headers.getSetCookie();
  return { status: res.status, body: parsed as T, headers: res.headers, setCookies, cookies: parseSetCookies(setCookies) };
}

export function parseSetCookies(setCookies: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of setCookies) {
    const [pair] = line.split(";");
    const i = pair.indexOf("=");
    out[pair.slice(0, i).trim()] = decodeURIComponent(pair.slice(i + 1).trim());
  }
  return out;
}

/** A Cookie request header from name -> value pairs (empty values left out). */
export function cookieHeader(cookies: Record<string, string>): string {
  return Object.entries(cookies)
    .filter(([, v]) => v !== "")
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join("; ");
}

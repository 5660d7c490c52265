// How the sweep calls a route: a request built from a fixture, a caller, an optional raw body, and a
// hang guard of 10 s around every call; every answer is checked against the OpenAPI document.
import { call, type CallResult, type Json } from "../../helpers/http";
import { contractProblem } from "../openapi-contract";
import { type Endpoint, urlOf } from "./inventory";
import type { Resources, World } from "./world";

/** What a fixture builds from one company's resources. */
export type Req = {
  params?: Record<string, string | number | string[]>;
  query?: Record<string, string | number | string[]>;
  /** a JSON body */
  body?: Json;
  /** a multipart body instead (files as Blobs, with their names) */
  form?: Record<string, string | { blob: Blob; name: string }>;
};

export type Fixture = {
  build: (r: Resources) => Req;
  /** statuses the valid call of A's admin may answer (default: any 2xx) */
  ok?: number[];
  /** what A's admin gets for B's ids (default 404, the spec's answer); `why` says why another */
  other?: number;
  why?: string;
  /** public, connection-token and signed routes: the credentials of their valid call */
  session?: (r: Resources) => { token?: string; cookie?: string };
};

export type Actor = "admin" | "agent" | "super" | "noPlan" | "none";

/** A body sent as it is, with the content type given (none: no content-type header). */
export type RawBody = { body: string | FormData | Uint8Array; contentType?: string };

export const HANG_MS = 10_000;

export type Sent = CallResult & { ms: number };

export function formOf(fields: NonNullable<Req["form"]>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === "string") form.append(k, v);
    else form.append(k, v.blob, v.name);
  }
  return form;
}

function queryString(query: Req["query"]): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    for (const one of Array.isArray(v) ? v : [v]) q.append(k, String(one));
  }
  const s = q.toString();
  return s ? `?${s}` : "";
}

/**
 * One call of an endpoint. `actor` picks the caller (A's admin by default; for a route that
 * authenticates no session user, the fixture's own credentials); raw replaces the body.
 */
export async function send(w: World, e: Endpoint, fx: Fixture, req: Req, actor: Actor = "admin", raw?: RawBody): Promise<Sent> {
  const headers: Record<string, string> = {};
  let token: string | undefined;
  let cookie: string | undefined;
  const sessionless = !e.meta || !["user", "admin", "super"].includes(e.meta.access);
  // a connection-token route's plan gate is its connection's company: the no-flag company's token
  if (actor === "noPlan" && e.meta?.access === "connection-token") token = w.tokens.noPlanConnection;
  else if (actor !== "none" && sessionless && fx.session) ({ token, cookie } = fx.session(w.a));
  else if (actor === "admin") token = w.tokens.admin;
  else if (actor === "agent") token = w.tokens.agent;
  else if (actor === "super") token = w.tokens.super;
  else if (actor === "noPlan") token = w.tokens.noPlanAdmin;
  let body: unknown = req.body;
  if (req.form) body = formOf(req.form);
  if (raw) {
    body = raw.body;
    if (raw.contentType) headers["content-type"] = raw.contentType;
  }
  if (e.method === "GET") body = undefined;
  const url = urlOf(e.pattern, req.params ?? {}) + queryString(req.query);
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${HANG_MS / 1000} s`)), HANG_MS);
  });
  try {
    const res = await Promise.race([call(e.handler, { method: e.method, url, token, cookie, headers, body, params: req.params }), hang]);
    // every answer the sweep provokes keeps to the OpenAPI document (status, body, headers)
    const problem = contractProblem(e.method, e.pattern, res);
    if (problem) throw new Error(`the answer breaks /api/openapi.json: ${problem}`);
    return { ...res, ms: Date.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

/** Who makes an endpoint's valid call: the platform owner for `super` routes, else A's admin. */
export const validCaller = (e: Endpoint): Actor => (e.meta?.access === "super" ? "super" : "admin");

/** The texts of B no answer to A may contain. */
export function leaksOf(w: World, res: Sent): string | null {
  const text = typeof res.body === "string" ? res.body : JSON.stringify(res.body ?? "");
  for (const needle of [w.b.marker, w.tenantB.companyName, w.tenantB.admin.email, w.tenantB.agent.email]) {
    if (text.includes(needle)) return needle;
  }
  return null;
}

/** Runs tasks a few at a time (the machine has 2 cores; the database pool is small). */
export async function inBatches<T, R>(items: T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

export const short = (res: Sent) => `${res.status} ${JSON.stringify(res.body).slice(0, 160)}`;

import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { NextRequest } from "next/server";
import { logger } from "./logger";
import { metrics } from "./metrics";
import { routeOf } from "./route-pattern";
import { safeError } from "./safe-error";

type Store = { reqId: string; companyId?: number; userId?: number };
const holder = globalThis as unknown as { __requestStore?: AsyncLocalStorage<Store> };
const store = (holder.__requestStore ??= new AsyncLocalStorage<Store>());

// what a caller's (or proxy's) request id may look like: no spaces, newlines or quotes in a log line
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's x-request-id when it is sane, else a new one. */
export function requestIdOf(headers: Headers): string {
  const given = headers.get("x-request-id");
  return given && SANE_ID.test(given) ? given : randomUUID();
}

/** The request being served (inside withRequestLog), for log lines written on its behalf. */
export const currentRequestId = () => store.getStore()?.reqId;

/** The route wrapper tells who called, once it knows: the request line carries it. */
export function noteCaller(caller: { companyId: number; userId?: number } | null | undefined) {
  const s = store.getStore();
  if (!s || !caller) return;
  s.companyId = caller.companyId;
  if (caller.userId !== undefined) s.userId = caller.userId;
}

/** An unexpected error (the 500 answer): logged with its stack and the request id. */
export function logUnexpected(err: unknown) {
  logger().error({ error: safeError(err), reqId: currentRequestId() }, "unexpected error");
}

// probes and scrapes every few seconds would drown the log: their lines are debug
const QUIET = new Set(["/api/health", "/api/health/ready", "/api/metrics"]);

function withRequestId(res: Response, reqId: string): Response {
  try {
    res.headers.set("x-request-id", reqId);
    return res;
  } catch {
    // immutable headers (Response.redirect, a fetched response): a copy takes the header
    const copy = new Response(res.body, res);
    copy.headers.set("x-request-id", reqId);
    return copy;
  }
}

type Params = { params?: Promise<Record<string, string | string[]>> } | undefined;

/**
 * Wraps a route handler: one log line per request (request id, method, route pattern, status,
 * duration, company and user when signed in; never bodies, tokens or query strings), the duration
 * histogram, and the request id echoed back.
 */
export function withRequestLog<C extends Params>(run: (req: NextRequest, ctx: C) => Promise<Response>) {
  return async (req: NextRequest, ctx: C): Promise<Response> => {
    const s: Store = { reqId: requestIdOf(req.headers) };
    const started = performance.now();
    let status = 500;
    try {
      const res = await store.run(s, () => run(req, ctx));
      status = res.status;
      return withRequestId(res, s.reqId);
    } finally {
      const seconds = (performance.now() - started) / 1000;
      const params = await Promise.resolve(ctx?.params).catch(() => undefined);
      const route = routeOf(req.nextUrl.pathname, params ?? {});
      metrics().httpDuration.observe({ route, method: req.method, status: String(status) }, seconds);
      const line = { reqId: s.reqId, method: req.method, route, status, ms: Math.round(seconds * 10000) / 10, companyId: s.companyId, userId: s.userId };
      const level = status >= 500 ? "error" : QUIET.has(route) ? "debug" : "info";
      logger()[level](line, "request");
    }
  };
}

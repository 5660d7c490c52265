import { NextRequest, NextResponse } from "next/server";
import { ZodError, type ZodType } from "zod";
import { getDb } from "@/db";
import { contextFromRequest } from "@/lib/auth/request-context";
import { hasGate, type Gate } from "@/lib/plans/features";
import { logUnexpected, noteCaller, withRequestLog } from "@/lib/observability/request-log";
import { loadFeatures } from "@/lib/plans/load-features";
import { gateOfPath } from "@/lib/plans/route-gates";
import type { UploadLimits } from "@/lib/storage/upload-stream";
import type { TenantContext } from "./context";
import { assertNoNul, bindTenant, DEFAULT_MAX_BODY_BYTES, limitBody, peekJson, readBody } from "./body";
import { connectionFromRequest, type ConnectionContext } from "./connection-context";
import { appErrorFromDb } from "./db-errors";
import { AppError } from "./errors";

/**
 * Who may call a route. `public`: anyone (login, sign-up, version, plans list); `user`: any signed-in
 * user of the company; `admin`: its admins (and super users); `super`: the platform owner, acting
 * across companies by design (the `companyId` check does not apply); `connection-token`: the
 * external API, authenticated by a connection's token; `signed`: provider webhooks, authenticated
 * by their signature. The route sweep test (tests/integration/route-sweep) reads it from each
 * exported handler's `meta`.
 */
export type Access = "public" | "user" | "admin" | "super" | "connection-token" | "signed";

// The categories that authenticate a signed-in user; the others authenticate (or not) in the handler.
const SESSION_ACCESS = new Set<Access>(["user", "admin", "super"]);
type NoSession = "public" | "connection-token" | "signed";

/**
 * What the route sweep reads from an exported handler: the access category, and the query and body
 * schemas, so it sends bad values to every field a route declares. The plan gate is not here: it
 * comes from the request path (lib/plans/route-gates.ts), one table for every route. `upload`: the
 * limits of the multipart files the handler streams itself (lib/storage/upload-stream.ts), for the
 * OpenAPI document (its form and its 413). `maxBodyBytes`: the most a request may carry (413 above).
 */
export type RouteMeta = { access: Access; query?: ZodType; body?: ZodType; upload?: UploadLimits; maxBodyBytes: number };

type Options<Q, B, P> = {
  access?: Access;
  query?: ZodType<Q>;
  body?: ZodType<B>;
  params?: ZodType<P>;
  upload?: UploadLimits;
  /** The request's bytes at most; default the upload's `maxRequestBytes`, else DEFAULT_MAX_BODY_BYTES. */
  maxBodyBytes?: number;
};

/** `connection`: the calling connection on `connection-token` routes, null elsewhere. */
type Args<Q, B, P, C> = { req: NextRequest; ctx: C; query: Q; body: B; params: P; connection: ConnectionContext | null };
type RouteCtx = { params: Promise<Record<string, string | string[]>> };

/** Ids the spec's calls send that we never trust: they must be the caller's own. */
const TENANT_KEYS = ["companyId"] as const;

/**
 * The one wrapper every handler goes through: authenticates (session cookie or bearer token),
 * checks role and plan flag, validates params/query/body with zod and maps errors to `{ error }`.
 */
export function route<Q = undefined, B = undefined, P = undefined, A extends Access = "user">(
  opts: Options<Q, B, P> & { access?: A },
  handler: (args: Args<Q, B, P, A extends NoSession ? TenantContext | null : TenantContext>) => Promise<unknown>,
) {
  const access: Access = opts.access ?? "user";
  const maxBodyBytes = opts.maxBodyBytes ?? opts.upload?.maxRequestBytes ?? DEFAULT_MAX_BODY_BYTES;
  const run = async (sent: NextRequest, routeCtx: RouteCtx): Promise<Response> => {
    let req = sent;
    try {
      // a body over the route's total, before anything else: from its Content-Length, or as it is
      // read when it has none (uploads skip proxy.ts, which held every body to 10 MB)
      const limited = limitBody(req, maxBodyBytes);
      if (limited) req = new NextRequest(req, { body: limited, duplex: "half" });
      const gate = gateOfPath(req.nextUrl.pathname);
      const ctx = SESSION_ACCESS.has(access) ? await contextFromRequest(req) : null;
      noteCaller(ctx);
      if (ctx) await checkAccess(ctx, access, gate);
      const connection = access === "connection-token" ? await connectionFromRequest(req) : null;
      noteCaller(connection);
      if (connection && gate) await assertGate(connection.companyId, gate, connection.features);
      // super routes act across companies by design: the companyId they name is not the caller's
      if (ctx && access !== "super") bindTenant(req, ctx.companyId);
      const rawQuery = Object.fromEntries(req.nextUrl.searchParams.entries());
      const rawParams = (await routeCtx?.params) ?? {};
      // Postgres refuses NUL in text: refused here for whatever the caller sends (the body reader
      // checks the body), so no handler ever passes one to a query
      assertNoNul(rawQuery);
      assertNoNul(rawParams);
      const rawBody = opts.body ? await readBody(req) : await peekJson(req);
      if (ctx && access !== "super") checkTenantIds(ctx, rawQuery, rawBody);
      const params = opts.params ? opts.params.parse(rawParams) : (undefined as P);
      const query = opts.query ? opts.query.parse(rawQuery) : (undefined as Q);
      const body = opts.body ? opts.body.parse(rawBody ?? {}) : (undefined as B);
      const result = await handler({ req, ctx: ctx as never, query, body, params, connection });
      if (result instanceof Response) return result;
      // a plain Response: NextResponse.json builds a Response and then copies it into a NextResponse
      return new Response(JSON.stringify(result ?? { ok: true }), { headers: { "content-type": "application/json" } });
    } catch (err) {
      // the client went away mid-request (closed tab, navigation): nothing to answer or log
      if (req.signal.aborted || (err as { code?: string })?.code === "ECONNRESET") return new Response(null, { status: 499 });
      return errorResponse(err);
    }
  };
  const meta: RouteMeta = { access, query: opts.query, body: opts.body, upload: opts.upload, maxBodyBytes };
  // one log line and one duration sample per request (lib/observability/request-log.ts)
  return Object.assign(withRequestLog(run), { meta });
}

async function checkAccess(ctx: TenantContext, access: Access, gate: Gate | null) {
  if (access === "admin" && ctx.profile !== "admin" && !ctx.super) throw new AppError("ERR_NO_PERMISSION", 403);
  if (access === "super" && !ctx.super) throw new AppError("ERR_NO_PERMISSION", 403);
  if (gate) await assertGate(ctx.companyId, gate, ctx.features);
}

/** spec admin §6: a company whose plan lacks the area's feature gets 403 ERR_PLAN_FEATURE_DISABLED. */
export async function assertGate(companyId: number, gate: Gate, known?: TenantContext["features"]) {
  const features = known ?? (await loadFeatures(getDb(), companyId));
  if (!features || !hasGate(features, gate)) throw new AppError("ERR_PLAN_FEATURE_DISABLED", 403);
}

function checkTenantIds(ctx: TenantContext, query: Record<string, string>, body: unknown) {
  const sources = [query, body && typeof body === "object" ? (body as Record<string, unknown>) : {}];
  for (const src of sources) {
    for (const key of TENANT_KEYS) {
      const v = src[key];
      if (v === undefined || v === null || v === "") continue;
      // spec: a companyId that is not the caller's answers 404, as if it did not exist
      if (Number(v) !== ctx.companyId) throw new AppError("ERR_NOT_FOUND", 404);
    }
  }
}

export function errorResponse(err: unknown): Response {
  err = appErrorFromDb(err) ?? err;
  if (err instanceof AppError) {
    const res = NextResponse.json({ error: err.code, ...err.extra }, { status: err.status });
    // a 429 (lib/auth/attempt-limit.ts) says when to come back, in seconds
    if (err.status === 429 && typeof err.extra?.retryAfter === "number") res.headers.set("Retry-After", String(err.extra.retryAfter));
    return res;
  }
  if (err instanceof ZodError) {
    const issues = err.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    return NextResponse.json({ error: "ERR_VALIDATION", issues }, { status: 400 });
  }
  logUnexpected(err);
  return NextResponse.json({ error: "ERR_INTERNAL" }, { status: 500 });
}

export const json = (data: unknown, status = 200) => NextResponse.json(data, { status });

import { Writable } from "node:stream";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "@/lib/observability/logger";
import { currentRequestId, logUnexpected, noteCaller, requestIdOf, withRequestLog } from "@/lib/observability/request-log";
import { routeOf } from "@/lib/observability/route-pattern";

const lines: Record<string, unknown>[] = [];
const holder = globalThis as unknown as { __appLogger?: unknown };
let before: unknown;
beforeAll(() => {
  before = holder.__appLogger;
  const destination = new Writable({ write: (c, _e, done) => (lines.push(JSON.parse(String(c))), done()) });
  holder.__appLogger = createLogger({ level: "debug", pretty: false, destination });
});
afterAll(() => {
  holder.__appLogger = before;
});

const params = (p: Record<string, string | string[]>) => ({ params: Promise.resolve(p) });

describe("requestIdOf", () => {
  it("keeps a sane x-request-id and replaces anything else", () => {
    expect(requestIdOf(new Headers({ "x-request-id": "abc-123_X.y:z" }))).toBe("abc-123_X.y:z");
    for (const bad of ["with space", "line\nbreak".replace("\n", "%0A"), "x".repeat(129), '"quoted"', ""]) {
      const id = requestIdOf(new Headers(bad ? { "x-request-id": bad } : {}));
      expect(id).not.toBe(bad);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe("routeOf", () => {
  it("puts the params' names back in the path, in order", () => {
    expect(routeOf("/api/tickets/42", { id: "42" })).toBe("/api/tickets/[id]");
    expect(routeOf("/api/messages/7/7", { ticketId: "7", id: "7" })).toBe("/api/messages/[ticketId]/[id]");
    expect(routeOf("/api/resetpasswords/a%40b.c/t0k3n/newSecret", { email: "a@b.c", token: "t0k3n", password: "newSecret" })).toBe("/api/resetpasswords/[email]/[token]/[password]");
    expect(routeOf("/api/media/1/pics/a.png", { key: ["1", "pics", "a.png"] })).toBe("/api/media/[...key]");
  });

  it("without params, numeric and long opaque segments become :id", () => {
    expect(routeOf("/api/x/123/y/abcdefghijklmnopqrstuvwxyz0123", {})).toBe("/api/x/:id/y/:id");
  });
});

describe("withRequestLog", () => {
  it("writes one line per request (no query string, no body), echoes the request id, notes the caller", async () => {
    const handler = withRequestLog(async (req: NextRequest) => {
      noteCaller({ companyId: 7, userId: 70 });
      return Response.json({ id: currentRequestId(), seen: req.nextUrl.search });
    });
    const req = new NextRequest("http://x/api/tickets/42?token=secret-token-value", { method: "POST", headers: { "x-request-id": "req-1" }, body: '{"password":"p"}' });
    const res = await handler(req, params({ id: "42" }));
    expect(res.headers.get("x-request-id")).toBe("req-1");
    expect(await res.json()).toMatchObject({ id: "req-1" });
    const line = lines.at(-1)!;
    expect(line).toMatchObject({ msg: "request", reqId: "req-1", method: "POST", route: "/api/tickets/[id]", status: 200, companyId: 7, userId: 70, level: 30 });
    expect(typeof line.ms).toBe("number");
    expect(JSON.stringify(line)).not.toMatch(/secret-token-value|password/);
  });

  it("logs a 500 at error level, probes at debug, and sets the header on an immutable response", async () => {
    await withRequestLog(async () => new Response("x", { status: 500 }))(new NextRequest("http://x/api/boom"), undefined);
    expect(lines.at(-1)).toMatchObject({ route: "/api/boom", status: 500, level: 50 });
    await withRequestLog(async () => Response.json({ status: "ok" }))(new NextRequest("http://x/api/health"), undefined);
    expect(lines.at(-1)).toMatchObject({ route: "/api/health", level: 20 });
    const res = await withRequestLog(async () => Response.redirect("http://x/elsewhere", 302))(new NextRequest("http://x/api/go"), undefined);
    expect(res.status).toBe(302);
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("logs an unexpected error with its request id, type and stack, without the failed query's parameters", async () => {
    const failed = new TypeError("Failed query: select $1\nparams: hunter2");
    await withRequestLog(async () => (logUnexpected(failed), new Response(null, { status: 500 })))(new NextRequest("http://x/api/y", { headers: { "x-request-id": "req-err" } }), undefined);
    const line = lines.find((l) => l.msg === "unexpected error" && l.reqId === "req-err")!;
    expect(line).toMatchObject({ level: 50, error: { type: "TypeError", message: "Failed query: select $1" } });
    expect(String((line.error as { stack: string }).stack)).toMatch(/^\s+at /);
    expect(JSON.stringify(line)).not.toContain("hunter2");
  });
});

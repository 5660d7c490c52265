import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError, statusFor } from "@/lib/api/errors";
import { errorResponse, route } from "@/lib/api/route";
import { logger } from "@/lib/observability/logger";

const req = (init: { method?: string; body?: string; headers?: Record<string, string>; url?: string } = {}) =>
  new NextRequest(new URL(init.url ?? "/api/x", "http://127.0.0.1:3000"), {
    method: init.method ?? "GET",
    body: init.body,
    headers: init.headers,
  });
const noParams = { params: Promise.resolve({}) };
const read = async (res: Response) => ({ status: res.status, body: await res.json() });

afterEach(() => vi.restoreAllMocks());

describe("AppError", () => {
  it("takes its status from the code table, 400 when unlisted", () => {
    expect(new AppError("ERR_NO_TICKET_FOUND").status).toBe(404);
    expect(new AppError("ERR_USER_EMAIL_EXISTS").status).toBe(409);
    expect(new AppError("ERR_SUBSCRIPTION_EXPIRED").status).toBe(402);
    expect(new AppError("ERR_INVALID_CREDENTIALS").status).toBe(401);
    expect(new AppError("ERR_SOMETHING_NEW").status).toBe(400);
    expect(new AppError("ERR_NO_USER_FOUND", 410).status).toBe(410);
    expect(statusFor("ERR_INTERNAL")).toBe(500);
  });
});

describe("errorResponse", () => {
  it("maps an AppError to its status and { error: code }, with its extra fields", async () => {
    expect(await read(errorResponse(new AppError("ERR_NO_PERMISSION")))).toEqual({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    const expired = new AppError("ERR_SUBSCRIPTION_EXPIRED", 402, { dueDate: "2024-01-01" });
    expect(await read(errorResponse(expired))).toEqual({ status: 402, body: { error: "ERR_SUBSCRIPTION_EXPIRED", dueDate: "2024-01-01" } });
  });

  it("maps a ZodError to 400 with the field issues", async () => {
    const parsed = z.object({ name: z.string().min(2, "tooShort"), n: z.number() }).safeParse({ name: "a", n: "x" });
    const { status, body } = await read(errorResponse(parsed.error));
    expect(status).toBe(400);
    expect(body.error).toBe("ERR_VALIDATION");
    expect(body.issues).toEqual(expect.arrayContaining([{ path: "name", message: "tooShort" }, expect.objectContaining({ path: "n" })]));
  });

  it("answers 500 ERR_INTERNAL for anything else, logs it, and leaks nothing", async () => {
    // through the pino logger (lib/observability), with its stack
    const log = vi.spyOn(logger(), "error").mockImplementation(() => {});
    const res = errorResponse(new Error("password=hunter2 at db host 10.0.0.5"));
    const text = await res.text();
    expect(res.status).toBe(500);
    expect(JSON.parse(text)).toEqual({ error: "ERR_INTERNAL" });
    expect(text).not.toContain("hunter2");
    expect(log).toHaveBeenCalled();
  });
});

describe("route wrapper", () => {
  const publicRoute = (fn: () => Promise<unknown>) => route({ access: "public" }, fn);

  it("answers a thrown AppError as { error } with its status", async () => {
    const h = publicRoute(async () => {
      throw new AppError("ERR_NO_TICKET_FOUND");
    });
    expect(await read(await h(req(), noParams))).toEqual({ status: 404, body: { error: "ERR_NO_TICKET_FOUND" } });
  });

  it("answers an unexpected throw with 500 and no detail", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const h = publicRoute(async () => {
      throw new TypeError("Cannot read properties of undefined (reading 'secretColumn')");
    });
    const res = await h(req(), noParams);
    const text = await res.text();
    expect(res.status).toBe(500);
    expect(JSON.parse(text)).toEqual({ error: "ERR_INTERNAL" });
    expect(text).not.toMatch(/secretColumn|TypeError/);
  });

  it("validates the body with zod: 400 with issues naming the field", async () => {
    const h = route({ access: "public", body: z.object({ email: z.string().email("invalidEmail") }) }, async ({ body }) => body);
    const bad = await read(await h(req({ method: "POST", body: '{"email":"nope"}', headers: { "content-type": "application/json" } }), noParams));
    expect(bad).toEqual({ status: 400, body: { error: "ERR_VALIDATION", issues: [{ path: "email", message: "invalidEmail" }] } });
    const good = await read(await h(req({ method: "POST", body: '{"email":"a@b.co"}', headers: { "content-type": "application/json" } }), noParams));
    expect(good).toEqual({ status: 200, body: { email: "a@b.co" } });
  });

  it("answers malformed JSON with 400 ERR_INVALID_JSON", async () => {
    const h = route({ access: "public", body: z.object({}) }, async () => ({}));
    const res = await read(await h(req({ method: "POST", body: "{oops", headers: { "content-type": "application/json" } }), noParams));
    expect(res).toEqual({ status: 400, body: { error: "ERR_INVALID_JSON" } });
  });

  it("validates query and params", async () => {
    const h = route(
      { access: "public", query: z.object({ n: z.coerce.number().int() }), params: z.object({ id: z.coerce.number().int().positive() }) },
      async ({ query, params }) => ({ n: query.n, id: params.id }),
    );
    expect(await read(await h(req({ url: "/api/x/7?n=3" }), { params: Promise.resolve({ id: "7" }) }))).toEqual({ status: 200, body: { n: 3, id: 7 } });
    expect((await h(req({ url: "/api/x/0?n=3" }), { params: Promise.resolve({ id: "0" }) })).status).toBe(400);
    expect((await h(req({ url: "/api/x/7?n=x" }), { params: Promise.resolve({ id: "7" }) })).status).toBe(400);
  });

  it("answers { ok: true } when the handler returns nothing, and passes a Response through", async () => {
    expect(await read(await publicRoute(async () => undefined)(req(), noParams))).toEqual({ status: 200, body: { ok: true } });
    const res = await publicRoute(async () => new Response("raw", { status: 201 }))(req(), noParams);
    expect(res.status).toBe(201);
    expect(await res.text()).toBe("raw");
  });

  it("refuses a private route without a token (401) or with a garbage token (403), before any handler runs", async () => {
    const handler = vi.fn(async () => ({}));
    const h = route({}, handler);
    expect(await read(await h(req(), noParams))).toEqual({ status: 401, body: { error: "ERR_SESSION_EXPIRED" } });
    const garbage = await h(req({ headers: { authorization: "Bearer not-a-token" } }), noParams);
    expect(garbage.status).toBe(403);
    const cookie = await h(req({ headers: { cookie: "next-auth.session-token=garbage" } }), noParams);
    expect(cookie.status).toBe(403);
    expect(handler).not.toHaveBeenCalled();
  });
});

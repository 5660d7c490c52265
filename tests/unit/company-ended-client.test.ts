// A page whose company was suspended (or ran past its due date) may ask the API before the `auth`
// event reaches it. The API names the reason (lib/auth/request-context.ts), and the browser side
// turns that answer into the same notice the event gives: api() and the refused-subscription check
// raise COMPANY_ENDED_EVENT for the session watcher instead of reloading to /login in silence.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api, ApiError, COMPANY_ENDED_EVENT, type CompanyEnded } from "@/lib/api/client";
import { checkSessionAfterRefusal } from "@/components/realtime/session-check";

type Answer = { status: number; body?: unknown };
const json = (a: Answer) => new Response(a.body === undefined ? null : JSON.stringify(a.body), { status: a.status });

let answers: Record<string, Answer[]>;
let asked: string[];
let ended: CompanyEnded[];
let assigned: string[];
let target: EventTarget;

beforeEach(() => {
  answers = {};
  asked = [];
  ended = [];
  assigned = [];
  target = new EventTarget();
  target.addEventListener(COMPANY_ENDED_EVENT, (e) => ended.push((e as CustomEvent<CompanyEnded>).detail));
  const store = new Map<string, string>([["companyId", "7"]]);
  vi.stubGlobal("window", Object.assign(target, { location: { reload: vi.fn() } }));
  vi.stubGlobal("location", { pathname: "/tickets", assign: (to: string) => assigned.push(to) });
  vi.stubGlobal("localStorage", { removeItem: (k: string) => store.delete(k), getItem: (k: string) => store.get(k) ?? null });
  vi.stubGlobal("fetch", async (path: string) => {
    asked.push(path);
    const next = answers[path]?.shift();
    if (!next) throw new Error(`unexpected request ${path}`);
    return json(next);
  });
});
afterEach(() => vi.unstubAllGlobals());

const inactive = { status: 403, body: { error: "ERR_COMPANY_INACTIVE" } };

describe("api() on an answer that ends the company's sessions", () => {
  it("refreshes once, then raises the company-ended event with the reason and does not jump to /login", async () => {
    answers = { "/api/tags": [inactive], "/api/auth/refresh_token": [inactive] };
    const err = await api("/api/tags").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe("ERR_COMPANY_INACTIVE");
    expect(asked).toEqual(["/api/tags", "/api/auth/refresh_token"]);
    expect(ended).toEqual([{ code: "ERR_COMPANY_INACTIVE", dueDate: undefined }]);
    expect(assigned).toEqual([]);
  });

  it("carries the due date of an expired subscription (402), which the notice prints", async () => {
    answers = { "/api/tickets": [{ status: 402, body: { error: "ERR_SUBSCRIPTION_EXPIRED", dueDate: "2026-11-28" } }] };
    await expect(api("/api/tickets")).rejects.toBeInstanceOf(ApiError);
    expect(ended).toEqual([{ code: "ERR_SUBSCRIPTION_EXPIRED", dueDate: "2026-11-28" }]);
  });

  it("leaves login's own refusal to the login form, and a plain expiry to the /login redirect", async () => {
    answers = { "/api/auth/login": [inactive], "/api/queue": [{ status: 401, body: { error: "ERR_SESSION_EXPIRED" } }] };
    await expect(api("/api/auth/login", { method: "POST", json: {} })).rejects.toBeInstanceOf(ApiError);
    await expect(api("/api/queue")).rejects.toBeInstanceOf(ApiError);
    expect(ended).toEqual([]);
    expect(assigned).toEqual(["/login"]);
  });
});

describe("a refused realtime subscription", () => {
  it("raises the company-ended event when the session check answers the company's state", async () => {
    answers = { "/api/auth/me": [inactive], "/api/auth/refresh_token": [inactive] };
    await checkSessionAfterRefusal();
    expect(ended).toEqual([{ code: "ERR_COMPANY_INACTIVE", dueDate: undefined }]);
  });

  it("reloads without a company notice when the session merely expired", async () => {
    vi.useFakeTimers();
    try {
      answers = { "/api/auth/me": [{ status: 403, body: { error: "ERR_SESSION_EXPIRED" } }], "/api/auth/refresh_token": [{ status: 401 }] };
      await checkSessionAfterRefusal();
      vi.advanceTimersByTime(1000);
      expect(ended).toEqual([]);
      expect((window as unknown as { location: { reload: ReturnType<typeof vi.fn> } }).location.reload).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});

"use client";

/** An error answer of our API: `code` is the server's ERR_ code (or raw text). */
export class ApiError extends Error {
  constructor(
    public readonly code: string,
    public readonly status: number,
    public readonly data: Record<string, unknown> = {},
  ) {
    super(code);
  }
}

/** The answers that end every session of the company (login's refusal texts). */
export const COMPANY_END_CODES = ["ERR_COMPANY_INACTIVE", "ERR_SUBSCRIPTION_EXPIRED"] as const;
/** The window event api() raises on such an answer; the session watcher tells the user and leaves. */
export const COMPANY_ENDED_EVENT = "company-ended";
export type CompanyEnded = { code: (typeof COMPANY_END_CODES)[number]; dueDate?: string };

/**
 * Raises COMPANY_ENDED_EVENT when an error answer's body says the company's sessions ended; answers
 * whether it did. api() and the refused-subscription check (components/realtime/session-check.ts)
 * both read answers this way.
 */
export function announceCompanyEnd(body: { error?: unknown; dueDate?: unknown }): boolean {
  const code = COMPANY_END_CODES.find((c) => c === body.error);
  if (!code) return false;
  const detail: CompanyEnded = { code, dueDate: typeof body.dueDate === "string" ? body.dueDate : undefined };
  window.dispatchEvent(new CustomEvent(COMPANY_ENDED_EVENT, { detail }));
  return true;
}

const SESSION_KEYS = ["companyId", "userId", "companyDueDate", "cshow", "token"];

export function clearLocalSession() {
  for (const k of SESSION_KEYS) localStorage.removeItem(k);
}

let refreshing: Promise<boolean> | null = null;

async function refreshOnce(): Promise<boolean> {
  refreshing ??= fetch("/api/auth/refresh_token", { method: "POST", credentials: "same-origin" })
    .then((r) => r.ok)
    .catch(() => false)
    .finally(() => setTimeout(() => (refreshing = null), 0));
  return refreshing;
}

/**
 * fetch for our API with the session cookie. spec: on 403 refresh once and retry; on 401 clear the
 * stored session and go to /login.
 */
export async function api<T = unknown>(path: string, init: RequestInit & { json?: unknown } = {}, retry = true): Promise<T> {
  const { json, ...rest } = init;
  const res = await fetch(path, {
    credentials: "same-origin",
    ...rest,
    headers: { ...(json !== undefined ? { "content-type": "application/json" } : {}), ...rest.headers },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  if (res.status === 403 && retry && !path.startsWith("/api/auth/")) {
    if (await refreshOnce()) return api<T>(path, init, false);
  }
  const text = await res.text();
  const data = text ? safeJson(text) : null;
  if (!res.ok) {
    if (res.status === 401 && !path.startsWith("/api/auth/login")) {
      clearLocalSession();
      // a full load on purpose: an ended session must drop every piece of client state
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      if (!location.pathname.startsWith("/login")) location.assign("/login");
    }
    const body = (data && typeof data === "object" ? data : {}) as Record<string, unknown>;
    if (!path.startsWith("/api/auth/login")) announceCompanyEnd(body);
    throw new ApiError(String(body.error ?? (text || "")), res.status, body);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

// Route handlers not made by route(): they carry no `meta`, so each is declared here with what it
// must do. A handler without meta that is not listed fails the sweep, as does a listed one that is gone.
import { expect } from "vitest";
import { call } from "../../helpers/http";
import type { Endpoint } from "./inventory";
import { HANG_MS } from "./send";

type Probe = { what: string; run: (e: Endpoint) => Promise<{ status: number; body: unknown }> };

const timed = async <T>(p: Promise<T>): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("no answer within 10 s")), HANG_MS)));
  try {
    return await Promise.race([p, hang]);
  } finally {
    clearTimeout(timer);
  }
};

const nextAuth = (method: string, path: string[], body?: string) => (e: Endpoint) =>
  timed(
    call(e.handler, {
      method,
      url: `/api/auth/${path.join("/")}`,
      params: { nextauth: path },
      body,
      headers: body === undefined ? undefined : { "content-type": "application/json" },
    }),
  );

const noServer = (method: string) => (e: Endpoint) =>
  timed(call(e.handler, { method, url: "/api/inngest", body: method === "GET" ? undefined : "{}" }));

/** Each framework route x method: probes that must answer below 500, and what else they must show. */
export const FRAMEWORK_ROUTES: Record<string, { purpose: string; probes: Probe[]; expectEach?: (res: { status: number; body: unknown }) => void }> = {
  "GET /api/auth/[...nextauth]": {
    purpose: "next-auth's own endpoints (session, csrf, providers, callbacks): never a 5xx, never a session without credentials",
    probes: [
      { what: "GET session without a cookie", run: nextAuth("GET", ["session"]) },
      { what: "GET csrf", run: nextAuth("GET", ["csrf"]) },
      { what: "GET callback/credentials", run: nextAuth("GET", ["callback", "credentials"]) },
      { what: "GET an unknown action", run: nextAuth("GET", ["nothing-here"]) },
    ],
    expectEach: (res) => expect(JSON.stringify(res.body ?? "")).not.toMatch(/"user"\s*:\s*\{/),
  },
  "POST /api/auth/[...nextauth]": {
    purpose: "next-auth's sign-in and session posts: bad input is refused without a 5xx",
    probes: [
      { what: "POST session with invalid JSON", run: nextAuth("POST", ["session"], "{not json") },
      { what: "POST callback/credentials without csrf", run: nextAuth("POST", ["callback", "credentials"], "{}") },
      { what: "POST signout without csrf", run: nextAuth("POST", ["signout"], "{}") },
    ],
  },
  // Inngest's serve endpoint: without an Inngest server it does not exist (JSON 404)
  ...Object.fromEntries(
    ["GET", "POST", "PUT"].map((m) => [
      `${m} /api/inngest`,
      {
        purpose: "Inngest's sync and function calls; 404 when Inngest is not configured",
        probes: [{ what: `${m} without Inngest configured`, run: noServer(m) }],
        expectEach: (res: { status: number; body: unknown }) => expect(res).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } }),
      },
    ]),
  ),
};

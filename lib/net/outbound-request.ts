import http from "node:http";
import https from "node:https";
import { getEnv } from "@/lib/env";
import { assertLiteralAllowed, guardedLookup, type Resolver } from "./outbound-guard";

export type OutboundRequest = {
  url: string;
  method?: "POST" | "GET" | "PUT";
  headers?: Record<string, string>;
  body?: string;
  /** the whole exchange, connect to last byte; 10 s by default */
  timeoutMs?: number;
  resolver?: Resolver;
};

export type OutboundResponse = { status: number; body: string; location: string | null };

// what is kept of an answer: enough to record, never a receiver's whole page
const MAX_BODY = 2048;

export class OutboundTimeoutError extends Error {
  readonly code = "ERR_OUTBOUND_TIMEOUT";
}

/**
 * The product's one way to call another system (webhooks today, bots later): http(s) only, the
 * address guard at connect time (lib/net/outbound-guard.ts), a hard timeout, and redirects NOT
 * followed: a 3xx is answered as it is (a webhook receiver that redirects is misconfigured, and not
 * following is the simplest way to keep a redirect from reaching an internal address).
 */
export function outboundRequest(req: OutboundRequest): Promise<OutboundResponse> {
  const url = new URL(req.url);
  if (url.protocol !== "http:" && url.protocol !== "https:") return Promise.reject(new Error(`unsupported protocol ${url.protocol}`));
  const env = getEnv();
  try {
    // node connects to an IP literal without calling lookup: check it here
    assertLiteralAllowed(url.hostname, env);
  } catch (err) {
    return Promise.reject(err);
  }
  const timeoutMs = req.timeoutMs ?? 10_000;
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const r = client.request(
      url,
      {
        method: req.method ?? "POST",
        headers: { ...req.headers, ...(req.body !== undefined ? { "content-length": Buffer.byteLength(req.body).toString() } : {}) },
        lookup: guardedLookup(req.resolver, env),
        // a fresh connection each time: a pooled socket would skip the lookup (and the check)
        agent: false,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          if (body.length < MAX_BODY) body += chunk.slice(0, MAX_BODY - body.length);
        });
        res.on("end", () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, body, location: res.headers.location ?? null });
        });
        res.on("error", fail);
      },
    );
    function fail(err: Error) {
      clearTimeout(timer);
      reject(err);
    }
    const timer = setTimeout(() => r.destroy(new OutboundTimeoutError(`no answer within ${timeoutMs} ms`)), timeoutMs);
    r.on("error", fail);
    r.end(req.body);
  });
}

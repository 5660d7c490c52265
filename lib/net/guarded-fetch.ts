import http from "node:http";
import https from "node:https";
import { Readable } from "node:stream";
import { isSandboxModelUrl } from "@/lib/bots/sandbox-model/base-url";
import { getEnv } from "@/lib/env";
import { assertLiteralAllowed, guardedLookup, type Resolver } from "./outbound-guard";
import { OutboundTimeoutError } from "./outbound-request";

export type GuardedFetchOptions = {
  /** the whole exchange, connect to last byte, unless the caller's signal ends it first; 20 s by default */
  timeoutMs?: number;
  /** the most of an answer's body kept (a larger one fails the call); 25 MB by default */
  maxBytes?: number;
  resolver?: Resolver;
};

/** The answer was larger than `maxBytes`. */
export class OutboundTooLargeError extends Error {
  readonly code = "ERR_OUTBOUND_TOO_LARGE";
}

/**
 * A `fetch` for SDKs and clients that take one (the openai SDK's `fetch` option, the bots' HTTP
 * calls): the same rules as outboundRequest (http(s) only, the address guard at connect time, no
 * connection reuse, redirects answered as they are, never followed), a hard timeout, a body size
 * cap, and the caller's AbortSignal honoured. Any body fetch accepts is sent (JSON, FormData, bytes).
 */
export function guardedFetch(opts: GuardedFetchOptions = {}): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new TypeError(`unsupported protocol ${url.protocol}`);
    const base = getEnv();
    // the app's own sandbox model (APP_URL/api/sandbox/openai/v1, demo mode) is on loopback: only it
    const env = isSandboxModelUrl(url, base) ? { ...base, WEBHOOK_ALLOW_PRIVATE: true } : base;
    assertLiteralAllowed(url.hostname, env);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers = Object.fromEntries(request.headers);
    if (body) headers["content-length"] = String(body.length);
    const timeoutMs = opts.timeoutMs ?? 20_000;
    const maxBytes = opts.maxBytes ?? 25 * 1024 * 1024;
    const client = url.protocol === "https:" ? https : http;

    return new Promise<Response>((resolve, reject) => {
      let settled = false;
      const req = client.request(url, { method: request.method, headers, lookup: guardedLookup(opts.resolver, env), agent: false }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            fail(new OutboundTooLargeError(`answer over ${maxBytes} bytes`));
            return void req.destroy();
          }
          chunks.push(chunk);
        });
        res.on("end", () => {
          if (settled) return;
          done();
          const status = res.statusCode ?? 0;
          const out = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(", ") : v);
          const noBody = status === 204 || status === 304 || request.method === "HEAD";
          resolve(new Response(noBody ? null : Readable.toWeb(Readable.from([Buffer.concat(chunks)])) as ReadableStream, { status, headers: out }));
        });
        res.on("error", fail);
      });
      const timer = setTimeout(() => req.destroy(new OutboundTimeoutError(`no answer within ${timeoutMs} ms`)), timeoutMs);
      const onAbort = () => req.destroy(request.signal.reason instanceof Error ? request.signal.reason : new DOMException("aborted", "AbortError"));
      if (request.signal.aborted) onAbort();
      request.signal.addEventListener("abort", onAbort, { once: true });
      function done() {
        settled = true;
        clearTimeout(timer);
        request.signal.removeEventListener("abort", onAbort);
      }
      function fail(err: Error) {
        if (settled) return;
        done();
        reject(err);
      }
      req.on("error", fail);
      req.end(body);
    });
  };
}

import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { guardedFetch, OutboundBlockedError, OutboundTooLargeError } from "@/lib/net";
import { OutboundTimeoutError } from "@/lib/net/outbound-request";

// guardedFetch against a real local server: what it sends, what it answers, and what it refuses.
let server: Server;
let base: string;
const seen: { method: string; url: string; type: string; body: string }[] = [];
const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (s += c));
    req.on("end", () => resolve(s));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await read(req);
    seen.push({ method: req.method!, url: req.url!, type: req.headers["content-type"] ?? "", body });
    if (req.url === "/slow") return void setTimeout(() => res.end("late"), 2_000);
    if (req.url === "/big") return void res.end(Buffer.alloc(4096, 97));
    if (req.url === "/moved") return void res.writeHead(302, { location: "http://169.254.169.254/" }).end();
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ok: true, echo: body }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
afterEach(() => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetEnvCache();
});
const allowPrivate = () => {
  process.env.WEBHOOK_ALLOW_PRIVATE = "1";
  resetEnvCache();
};

describe("guardedFetch", () => {
  it("refuses a loopback address unless private targets are allowed", async () => {
    await expect(guardedFetch()(`${base}/x`)).rejects.toBeInstanceOf(OutboundBlockedError);
    await expect(guardedFetch()("ftp://example.com/x")).rejects.toThrow(/unsupported protocol/);
  });

  it("sends JSON and form bodies with their headers and answers a fetch Response", async () => {
    allowPrivate();
    const f = guardedFetch();
    const res = await f(`${base}/json`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ a: 1 }) });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(await res.json()).toEqual({ ok: true, echo: '{"a":1}' });
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array([1, 2, 3])], { type: "audio/ogg" }), "voz.ogg");
    await f(`${base}/form`, { method: "POST", body: form });
    const last = seen.at(-1)!;
    expect(last.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(last.body).toContain('filename="voz.ogg"');
  });

  it("answers a redirect as it is, never following it", async () => {
    allowPrivate();
    const res = await guardedFetch()(`${base}/moved`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("http://169.254.169.254/");
  });

  it("ends on its timeout, on the caller's abort, and on an answer over the size cap", async () => {
    allowPrivate();
    await expect(guardedFetch({ timeoutMs: 100 })(`${base}/slow`)).rejects.toBeInstanceOf(OutboundTimeoutError);
    const ctrl = new AbortController();
    const call = guardedFetch()(`${base}/slow`, { signal: ctrl.signal });
    ctrl.abort(new Error("turn over"));
    await expect(call).rejects.toThrow(/turn over|aborted/);
    await expect(guardedFetch({ maxBytes: 1000 })(`${base}/big`)).rejects.toBeInstanceOf(OutboundTooLargeError);
    expect(await (await guardedFetch({ maxBytes: 5000 })(`${base}/big`)).text()).toHaveLength(4096);
  });
});

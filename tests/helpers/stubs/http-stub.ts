import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request a stub received (body as text, and parsed when it is JSON). */
export type StubRequest = { method: string; path: string; headers: IncomingMessage["headers"]; body: string; json: unknown };

export type Handler = (req: StubRequest, res: ServerResponse) => unknown;

/** A local HTTP server on 127.0.0.1 (a free port) that records every request; tests need WEBHOOK_ALLOW_PRIVATE=1 to reach it. */
export async function startHttpStub(handler: Handler) {
  const requests: StubRequest[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (body += c));
    req.on("end", async () => {
      let json: unknown = null;
      try {
        json = body ? JSON.parse(body) : null;
      } catch {
        json = null;
      }
      const r: StubRequest = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body, json };
      requests.push(r);
      try {
        await handler(r, res);
      } catch (err) {
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" }).end(String(err));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url, requests, close };
}

export const sendJson = (res: ServerResponse, status: number, body: unknown): void =>
  void
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));

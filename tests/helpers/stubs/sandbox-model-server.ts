import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { NextRequest } from "next/server";
import { POST as transcriptions } from "@/app/api/sandbox/openai/v1/audio/transcriptions/route";
import { POST as completions } from "@/app/api/sandbox/openai/v1/chat/completions/route";
import { GET as models } from "@/app/api/sandbox/openai/v1/models/route";

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

const ROUTES: Record<string, Handler> = {
  "POST /api/sandbox/openai/v1/chat/completions": completions,
  "POST /api/sandbox/openai/v1/audio/transcriptions": transcriptions,
  "GET /api/sandbox/openai/v1/models": models,
};

/**
 * The app's sandbox model routes on a real HTTP server on 127.0.0.1 (what `next start` does for
 * them), so a test can point APP_URL at it and call it over the network like the worker does.
 * `calls` counts the requests each route got.
 */
export async function startSandboxModelServer() {
  const calls: string[] = [];
  const server = createServer(async (req, res) => {
    const key = `${req.method} ${(req.url ?? "/").split("?")[0]}`;
    calls.push(key);
    const handler = ROUTES[key];
    if (!handler) return void res.writeHead(404, { "content-type": "application/json" }).end('{"error":"ERR_NOT_FOUND"}');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const body = chunks.length ? Buffer.concat(chunks) : undefined;
    const answer = await handler(new NextRequest(`http://${req.headers.host}${req.url}`, { method: req.method, headers, body }), { params: Promise.resolve({}) });
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    if (answer.body) Readable.fromWeb(answer.body as never).pipe(res);
    else res.end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return { origin, calls, close };
}

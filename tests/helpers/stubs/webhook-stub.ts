import type { ServerResponse } from "node:http";
import { sendJson, startHttpStub, type StubRequest } from "./http-stub";

/**
 * What the webhook stub answers next: JSON (`json`), a raw body with its content type, a status, or
 * no answer within `delayMs`. The default answer echoes the customer's text: { text: "echo: ..." }.
 */
export type WebhookReply = { status?: number; json?: unknown; raw?: string; contentType?: string; delayMs?: number };

/** An n8n/webhook receiver: `reply` sets the answer (a value, or a function of the request). */
export async function startWebhookStub(initial?: WebhookReply | ((req: StubRequest) => WebhookReply)) {
  let reply = initial;
  const stub = await startHttpStub(async (req, res: ServerResponse) => {
    const r = typeof reply === "function" ? reply(req) : (reply ?? { json: { text: `echo: ${(req.json as { message?: { body?: string } })?.message?.body ?? ""}` } });
    if (r.delayMs) await new Promise((resolve) => setTimeout(resolve, r.delayMs));
    if (res.destroyed) return;
    if (r.raw !== undefined) return void res.writeHead(r.status ?? 200, { "content-type": r.contentType ?? "text/plain" }).end(r.raw);
    sendJson(res, r.status ?? 200, r.json ?? {});
  });
  return {
    ...stub,
    /** the URL to put in the integration */
    hookUrl: `${stub.url}/webhook/test`,
    setReply(next: WebhookReply | ((req: StubRequest) => WebhookReply)) {
      reply = next;
    },
  };
}

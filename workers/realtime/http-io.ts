// Reading request bodies with a ceiling and writing JSON answers, for the HTTP API.
import type { IncomingMessage, ServerResponse } from "node:http";

/** Ten events of 10 KB plus their channel lists fit well below this. */
export const MAX_BODY_BYTES = 256 * 1024;

/** The body as text, or null once it passes `limit` bytes (the rest is not read). */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners("data");
        req.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown, closeAfter = false): void {
  const text = JSON.stringify(body);
  const headers: Record<string, string | number> = { "content-type": "application/json", "content-length": Buffer.byteLength(text) };
  if (closeAfter) headers.connection = "close";
  res.writeHead(status, headers);
  res.end(text);
}

export const sendError = (res: ServerResponse, status: number, message: string, closeAfter = false) =>
  sendJson(res, status, { error: message }, closeAfter);

/** Parses a JSON object body; null for anything else. */
export function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

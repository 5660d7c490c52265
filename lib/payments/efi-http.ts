import https from "node:https";

// Every call to Efí has this long to answer: a checkout or a webhook never hangs on it.
const TIMEOUT_MS = 15_000;
// Efí's answers are small JSON documents (a QR image is a few KB); anything larger is refused.
const MAX_ANSWER_BYTES = 1024 * 1024;

export type EfiAnswer = { status: number; body: unknown };

/** An error talking to Efí: network, TLS, timeout, or an answer that is not JSON. */
export class EfiRequestError extends Error {
  constructor(message: string, readonly status?: number) {
    super(message);
    this.name = "EfiRequestError";
  }
}

/**
 * One HTTPS call to Efí's Pix API with mutual TLS: the agent holds the application's .p12
 * certificate (`pfx`), which Efí requires on every call, the token request included.
 */
export function efiRequest(
  agent: https.Agent,
  url: string,
  opts: { method: string; headers?: Record<string, string>; body?: unknown },
): Promise<EfiAnswer> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = { accept: "application/json", ...opts.headers };
  if (payload !== undefined) {
    headers["content-type"] = "application/json";
    headers["content-length"] = String(Buffer.byteLength(payload));
  }
  return new Promise((resolve, reject) => {
    const req = https.request(url, { method: opts.method, agent, headers, timeout: TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (c: Buffer) => {
        size += c.length;
        if (size > MAX_ANSWER_BYTES) req.destroy(new EfiRequestError("Efí answer too large"));
        else chunks.push(c);
      });
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        try {
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null });
        } catch {
          reject(new EfiRequestError(`Efí answered ${res.statusCode} with a body that is not JSON`, res.statusCode));
        }
      });
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new EfiRequestError(`Efí did not answer within ${TIMEOUT_MS / 1000} s`)));
    req.on("error", (err) => reject(err instanceof EfiRequestError ? err : new EfiRequestError(err.message)));
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

import { getEnv, type Env } from "@/lib/env";
import { SEND_PATH } from "./create-document";

const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;
const first = (v: string | null) => v?.split(",")[0].trim() || null;

/**
 * The origin the caller reached the app at, for what it copies from a page (the /messages-api curl):
 * the request's Host (X-Forwarded-Host and -Proto behind a trusted proxy, TRUST_PROXY) with
 * APP_URL's protocol; APP_URL's origin without a Host, or with one that is not a plain host name.
 */
export function requestOrigin(headers: Headers, env: Pick<Env, "APP_URL" | "TRUST_PROXY"> = getEnv()): string {
  const app = new URL(env.APP_URL);
  const proxied = env.TRUST_PROXY > 0;
  const host = (proxied && first(headers.get("x-forwarded-host"))) || headers.get("host");
  if (!host || !HOST.test(host)) return app.origin;
  const proto = (proxied && first(headers.get("x-forwarded-proto"))) || app.protocol.slice(0, -1);
  return `${proto === "https" ? "https" : "http"}://${host}`;
}

/** The text send as a curl command that runs as pasted, but for the token. */
export const sendCurlExample = (origin: string) => `curl -X POST "${origin}${SEND_PATH}" \\
  -H "Authorization: Bearer <token>" \\
  -H "Content-Type: application/json" \\
  -d '{"number": "5511999998888", "body": "Olá!"}'`;

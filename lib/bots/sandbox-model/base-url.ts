import type { Env } from "@/lib/env";

/** Where the app serves its sandbox model (app/api/sandbox/openai/v1): an OpenAI-compatible API. */
export const SANDBOX_MODEL_PATH = "/api/sandbox/openai/v1";

/** The demo prompt's key; the sandbox model takes any bearer key starting with "sandbox-". */
export const SANDBOX_MODEL_KEY = "sandbox-demo";
export const SANDBOX_KEY_PREFIX = "sandbox-";

/** The sandbox model's base URL on this app (APP_URL + the path): a prompt's baseUrl. */
export function sandboxModelBaseUrl(env: Pick<Env, "APP_URL">): string {
  return env.APP_URL.replace(/\/+$/, "") + SANDBOX_MODEL_PATH;
}

/**
 * Whether an outbound call goes to this app's own sandbox model while the sandbox is on: the same
 * origin as APP_URL and a path under the model's base. The outbound guard lets exactly these reach
 * loopback (the demo runs on 127.0.0.1); nothing else on a private address is let through.
 */
export function isSandboxModelUrl(url: URL, env: Pick<Env, "APP_URL" | "sandboxEnabled">): boolean {
  if (!env.sandboxEnabled) return false;
  const base = new URL(sandboxModelBaseUrl(env));
  if (url.origin !== base.origin || url.username || url.password) return false;
  return url.pathname === base.pathname || url.pathname.startsWith(`${base.pathname}/`);
}

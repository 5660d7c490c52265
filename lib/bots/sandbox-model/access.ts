import { AppError } from "@/lib/api/errors";
import { getEnv } from "@/lib/env";
import { SANDBOX_KEY_PREFIX } from "./base-url";

/**
 * Who may call the sandbox model: nobody where the sandbox is off (404, as if absent), else a
 * caller with a bearer key starting with "sandbox-" (401 otherwise). It is a toy model, not a
 * secret: the key only keeps it from answering requests that were never meant for it.
 */
export function assertSandboxModelCall(req: Request): void {
  if (!getEnv().sandboxEnabled) throw new AppError("ERR_NOT_FOUND", 404);
  const auth = req.headers.get("authorization") ?? "";
  const key = /^Bearer\s+(\S+)$/i.exec(auth)?.[1] ?? "";
  if (!key.startsWith(SANDBOX_KEY_PREFIX) || key.length <= SANDBOX_KEY_PREFIX.length) throw new AppError("ERR_INVALID_TOKEN", 401);
}

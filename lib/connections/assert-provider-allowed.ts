import { AppError } from "@/lib/api/errors";
import { getEnv } from "@/lib/env";

/** The sandbox provider exists only where the sandbox is enabled; a connection already on it may stay. */
export function assertProviderAllowed(provider: string | undefined, current?: string) {
  if (provider === "sandbox" && current !== "sandbox" && !getEnv().sandboxEnabled) {
    throw new AppError("ERR_SANDBOX_DISABLED", 400);
  }
}

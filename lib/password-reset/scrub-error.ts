import { AppError } from "@/lib/api/errors";

/**
 * A failed database call as an error safe to log: drizzle's "Failed query" errors carry the
 * query's parameters, which the route wrapper's log of unexpected errors would print, and here they
 * hold the mail with the code or the new password's hash. Keeps AppErrors and the database's own
 * message; drops the parameters.
 */
export function scrubError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const cause = (err as { cause?: unknown } | null)?.cause;
  const message = cause instanceof Error ? cause.message : "database error";
  return new Error(`password reset failed: ${message}`);
}

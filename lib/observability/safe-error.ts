/**
 * An error as a log field, without what it may carry of a request: drizzle's "Failed query" errors
 * put the query's parameters (message bodies, password hashes, tokens) in their message, and the
 * stack repeats the message. Kept: the type, the message's first line (for a failed query its SQL,
 * which holds placeholders, and the database's own message), the code and the stack frames.
 */
export function safeError(err: unknown): { type: string; message: string; code?: string; stack: string } {
  const e = err instanceof Error ? err : new Error(typeof err === "string" ? err : "non-error thrown");
  const cause = e.cause instanceof Error ? e.cause : undefined;
  const first = e.message.split("\n")[0].slice(0, 300);
  const message = cause ? `${first} (cause: ${cause.message.split("\n")[0].slice(0, 300)})` : first;
  const code = (e as { code?: unknown }).code ?? (cause as { code?: unknown } | undefined)?.code;
  const stack = (e.stack ?? "").split("\n").filter((l) => /^\s+at /.test(l)).join("\n");
  return { type: e.name, message, ...(typeof code === "string" ? { code } : {}), stack };
}

import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, defaultLoggerOptions } from "@/lib/observability/logger";
import { safeError } from "@/lib/observability/safe-error";

/** A logger writing JSON lines into an array. */
function capture(level = "info") {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { log: createLogger({ level, pretty: false, destination }), lines };
}

describe("the logger", () => {
  it("writes JSON lines and never credentials or message bodies, top level or one object down", () => {
    const { log, lines } = capture();
    log.info({ reqId: "r1", password: "hunter2", token: "eyJabc", body: "customer words", headers: { authorization: "Bearer eyJabc", cookie: "jrt=abc" }, user: { password: "p", newPassword: "q", email: "a@b.c" } }, "x");
    const text = JSON.stringify(lines);
    for (const secret of ["hunter2", "eyJabc", "customer words", "jrt=abc", '"p"', '"q"']) expect(text).not.toContain(secret);
    expect(lines[0]).toMatchObject({ reqId: "r1", password: "[redacted]", msg: "x", level: 30 });
    expect((lines[0].user as Record<string, unknown>).email).toBe("a@b.c");
  });

  it("takes LOG_LEVEL; pretty in the demo and development; JSON in production; silent in tests by default", () => {
    expect(defaultLoggerOptions({ NODE_ENV: "production" })).toEqual({ level: "info", pretty: false });
    expect(defaultLoggerOptions({ NODE_ENV: "production", LOG_LEVEL: "warn", DEMO_MODE: "1" })).toEqual({ level: "warn", pretty: true });
    expect(defaultLoggerOptions({ NODE_ENV: "development" }).pretty).toBe(true);
    expect(defaultLoggerOptions({ NODE_ENV: "test" }).level).toBe("silent");
    // an unknown level is not pino's problem at startup: the default applies
    expect(defaultLoggerOptions({ NODE_ENV: "production", LOG_LEVEL: "loud" }).level).toBe("info");
    const { log, lines } = capture("warn");
    log.info("dropped");
    log.warn("kept");
    expect(lines.map((l) => l.msg)).toEqual(["kept"]);
  });
});

describe("safeError", () => {
  it("keeps a failed query's SQL and cause, never its parameters (bodies, hashes)", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "x"'), { code: "23505" });
    const err = new Error('Failed query: insert into "messages" ("body") values ($1)\nparams: the customer said hello,$2b$10$hash', { cause });
    const safe = safeError(err);
    expect(safe.message).toBe('Failed query: insert into "messages" ("body") values ($1) (cause: duplicate key value violates unique constraint "x")');
    expect(safe.code).toBe("23505");
    expect(safe.stack).toMatch(/^\s+at /);
    expect(JSON.stringify(safe)).not.toMatch(/customer said|\$2b\$/);
  });

  it("takes what is not an Error", () => {
    expect(safeError("boom").message).toBe("boom");
    expect(safeError({ any: 1 }).message).toBe("non-error thrown");
  });
});

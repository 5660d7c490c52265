import { afterEach, describe, expect, it } from "vitest";
import { getEnv, resetEnvCache } from "@/lib/env";

const A = "a".repeat(20) + "Zk3vQ9pL2mX8rT5wY1nB4cF7"; // 44 chars
const B = "b".repeat(20) + "Hq6jS0dG3kV9uE2oI5tR8yW1"; // 44 chars
const base = { AUTH_SECRET: A, REFRESH_SECRET: B };

type Source = Record<string, string | undefined>;
// a plain object, never process.env: getEnv only caches process.env
const parse = (src: Source) => getEnv(src as unknown as NodeJS.ProcessEnv);
const fails = (src: Source) => () => parse(src);

describe("getEnv: secrets", () => {
  it("accepts two long, distinct, random secrets", () => {
    const env = parse({ ...base });
    expect(env.AUTH_SECRET).toBe(A);
    expect(env.REFRESH_SECRET).toBe(B);
  });

  it("refuses a missing AUTH_SECRET or REFRESH_SECRET", () => {
    expect(fails({ REFRESH_SECRET: B })).toThrow(/AUTH_SECRET is required/);
    expect(fails({ AUTH_SECRET: A })).toThrow(/REFRESH_SECRET is required/);
    expect(fails({})).toThrow(/Invalid configuration/);
  });

  it("refuses a secret shorter than 32 characters", () => {
    expect(fails({ ...base, AUTH_SECRET: "x".repeat(31) })).toThrow(/AUTH_SECRET must be at least 32 characters/);
    expect(fails({ ...base, REFRESH_SECRET: "short" })).toThrow(/REFRESH_SECRET must be at least 32/);
  });

  it("refuses a well-known secret, whatever its case", () => {
    expect(fails({ ...base, AUTH_SECRET: "replace-with-a-long-random-string" })).toThrow(/well-known/);
    expect(fails({ ...base, REFRESH_SECRET: "REPLACE-WITH-A-LONG-RANDOM-STRING" })).toThrow(/REFRESH_SECRET is a well-known/);
    // the short ones are refused too (by length, at least)
    for (const v of ["secret", "changeme", "development"]) expect(fails({ ...base, AUTH_SECRET: v })).toThrow();
  });

  it("refuses equal secrets", () => {
    expect(fails({ AUTH_SECRET: A, REFRESH_SECRET: A })).toThrow(/must differ/);
  });

  it("takes NEXTAUTH_SECRET when AUTH_SECRET is unset", () => {
    expect(parse({ NEXTAUTH_SECRET: A, REFRESH_SECRET: B }).AUTH_SECRET).toBe(A);
  });

  it("lists every problem at once", () => {
    expect(fails({ AUTH_SECRET: "short", DATABASE_URL: "not a url" })).toThrow(/AUTH_SECRET[\s\S]*REFRESH_SECRET|REFRESH_SECRET[\s\S]*AUTH_SECRET/);
  });
});

describe("getEnv: sandbox flag", () => {
  it("is off by default", () => {
    expect(parse({ ...base }).sandboxEnabled).toBe(false);
  });

  it("is on in demo mode", () => {
    expect(parse({ ...base, DEMO_MODE: "1" }).sandboxEnabled).toBe(true);
    expect(parse({ ...base, DEMO_MODE: "true" }).sandboxEnabled).toBe(true);
    expect(parse({ ...base, DEMO_MODE: "0" }).sandboxEnabled).toBe(false);
  });

  it("follows an explicit SANDBOX_ENABLED over demo mode", () => {
    expect(parse({ ...base, SANDBOX_ENABLED: "true" }).sandboxEnabled).toBe(true);
    expect(parse({ ...base, SANDBOX_ENABLED: "1" }).sandboxEnabled).toBe(true);
    expect(parse({ ...base, DEMO_MODE: "1", SANDBOX_ENABLED: "0" }).sandboxEnabled).toBe(false);
    expect(parse({ ...base, DEMO_MODE: "1", SANDBOX_ENABLED: "false" }).sandboxEnabled).toBe(false);
  });

  it("refuses a flag value it does not understand", () => {
    expect(fails({ ...base, SANDBOX_ENABLED: "yes" })).toThrow(/SANDBOX_ENABLED/);
  });
});

describe("getEnv: cache", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetEnvCache();
  });

  it("parses process.env once until resetEnvCache()", () => {
    resetEnvCache();
    const first = getEnv();
    process.env.ACCESS_TOKEN_TTL = "123";
    expect(getEnv()).toBe(first);
    resetEnvCache();
    expect(getEnv().ACCESS_TOKEN_TTL).toBe(123);
  });

  it("applies defaults", () => {
    const env = parse({ ...base });
    expect(env.ACCESS_TOKEN_TTL).toBe(900);
    expect(env.REFRESH_TOKEN_TTL).toBe(7 * 24 * 3600);
    expect(env.SEED_ADMIN_EMAIL).toBe("admin@example.com");
  });
});

describe("getEnv: deployment settings (issue 18)", () => {
  it("defaults to one process doing everything, media on disk", () => {
    const env = parse({ ...base });
    expect(env.ROLE).toBe("all");
    expect(env.STORAGE_DRIVER).toBe("disk");
    expect(env.METRICS_TOKEN).toBeUndefined();
  });

  it("refuses an unknown role or storage driver, and s3 without a bucket", () => {
    expect(fails({ ...base, ROLE: "both" })).toThrow(/ROLE must be all, web, worker or realtime/);
    expect(fails({ ...base, STORAGE_DRIVER: "gcs" })).toThrow(/STORAGE_DRIVER must be disk or s3/);
    expect(fails({ ...base, STORAGE_DRIVER: "s3" })).toThrow(/S3_BUCKET is required/);
    expect(parse({ ...base, STORAGE_DRIVER: "s3", S3_BUCKET: "media", S3_FORCE_PATH_STYLE: "1" }).S3_FORCE_PATH_STYLE).toBe(true);
  });

  it("refuses a short metrics token", () => {
    expect(fails({ ...base, METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN must be at least 16/);
  });

  it("refuses Inngest without a signing key in production, not in the demo or in development", () => {
    const inngest = { ...base, INNGEST_EVENT_KEY: "evt", INNGEST_BASE_URL: "http://inngest:8288" };
    expect(fails({ ...inngest, NODE_ENV: "production" })).toThrow(/INNGEST_SIGNING_KEY is required in production/);
    expect(fails({ ...base, NODE_ENV: "production", INNGEST_DEV: "1" })).toThrow(/INNGEST_SIGNING_KEY/);
    expect(parse({ ...inngest, NODE_ENV: "production", INNGEST_SIGNING_KEY: "signkey-prod-1" }).INNGEST_SIGNING_KEY).toBe("signkey-prod-1");
    expect(parse({ ...inngest, NODE_ENV: "production", DEMO_MODE: "1" }).DEMO_MODE).toBe(true);
    expect(parse({ ...inngest }).NODE_ENV).toBe("development");
    // without Inngest the embedded scheduler runs: nothing to sign
    expect(parse({ ...base, NODE_ENV: "production" }).NODE_ENV).toBe("production");
  });
});

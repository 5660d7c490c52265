import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { authAttempts } from "@/db/schema";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as signup } from "@/app/api/companies/cadastro/route";
import { AppError } from "@/lib/api/errors";
import { countAttempt } from "@/lib/auth/attempt-limit";
import { authOptions } from "@/lib/auth/options";
import { SOCKET_ADDRESS_HEADER } from "@/lib/auth/client-address";
import { resetEnvCache } from "@/lib/env";
import { createPlan, createTenant, suffix } from "../helpers/factories";
import { call } from "../helpers/http";

// Every request names the socket address the server hook would have written (workers/client-address-hook.mjs).
let nextAddress = 1;
const freshAddress = () => `10.20.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

function loginFrom(socket: string, email: string, password: string, xff?: string) {
  const headers: Record<string, string> = { [SOCKET_ADDRESS_HEADER]: socket };
  if (xff) headers["x-forwarded-for"] = xff;
  return call(login, { method: "POST", url: "/api/auth/login", body: { email, password }, headers });
}

function signupFrom(socket: string, body: Record<string, unknown>) {
  return call(signup, { method: "POST", url: "/api/companies/cadastro", body, headers: { [SOCKET_ADDRESS_HEADER]: socket } });
}

const signupForm = (planId: number, email = `owner-${suffix()}@test.example`) => ({
  name: `Acme ${suffix()}`,
  email,
  phone: "11987654321",
  password: "secret1",
  planId,
});

/** The state 100 failed logins from `address` leave (the address test below makes it for real). */
async function fillAddress(address: string, count = 100) {
  const now = new Date();
  await getDb()
    .insert(authAttempts)
    .values({ bucket: "login-address", key: address, count, windowStart: now, expiresAt: new Date(now.getTime() + 15 * 60_000) });
}

/** Moves a key's window 15 minutes into the past, as if that time had gone by. */
async function ageWindow(bucket: string, key: string) {
  await getDb()
    .update(authAttempts)
    .set({ windowStart: sql`${authAttempts.windowStart} - interval '15 minutes'`, expiresAt: sql`${authAttempts.expiresAt} - interval '15 minutes'` })
    .where(and(eq(authAttempts.bucket, bucket), eq(authAttempts.key, key)));
}

function expectTooMany(res: { status: number; body: { error?: string }; headers: Headers }) {
  expect(res.status).toBe(429);
  expect(res.body.error).toBe("ERR_TOO_MANY_ATTEMPTS");
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
}

afterEach(() => {
  delete process.env.TRUST_PROXY;
  resetEnvCache();
});

describe("login attempt limits", () => {
  it("answers 429 with Retry-After to the right password after 10 wrong ones from the same address", async () => {
    const t = await createTenant();
    const ip = freshAddress();
    for (let i = 0; i < 10; i++) {
      expect((await loginFrom(ip, t.admin.email, `wrong-${i}`)).status).toBe(401);
    }
    const res = await loginFrom(ip, t.admin.email, t.admin.password);
    expectTooMany(res);
    expect(res.setCookies).toEqual([]);
    // the email is kept lowercased
    expectTooMany(await loginFrom(ip, t.admin.email.toUpperCase(), t.admin.password));
    const [row] = await getDb().select().from(authAttempts).where(and(eq(authAttempts.bucket, "login-pair"), eq(authAttempts.key, `${t.admin.email.toLowerCase()} ${ip}`)));
    expect(row.count).toBeGreaterThan(10);
    // the counters hold emails and addresses, never what was typed as a password
    expect(JSON.stringify(await getDb().select().from(authAttempts))).not.toContain("wrong-");
  });

  it("an attacker's 10 wrong passwords lock the attacker's address out, never the user at their own", async () => {
    const t = await createTenant();
    const attacker = freshAddress();
    const victim = freshAddress();
    for (let i = 0; i < 10; i++) expect((await loginFrom(attacker, t.admin.email, `guess-${i}`)).status).toBe(401);
    expectTooMany(await loginFrom(attacker, t.admin.email, "guess-10"));
    // the user, from their own address, with the right password: in
    expect((await loginFrom(victim, t.admin.email, t.admin.password)).status).toBe(200);
    // and the attacker's address stays refused, even with the right password
    expectTooMany(await loginFrom(attacker, t.admin.email, t.admin.password));
  });

  it("refuses an email from every address past 100 failures across addresses", async () => {
    const t = await createTenant();
    // ten addresses, ten failures each: no pair is over its 10, the email is at 100
    for (let a = 0; a < 10; a++) {
      const ip = freshAddress();
      for (let i = 0; i < 10; i++) expect((await loginFrom(ip, t.agent.email, "wrong")).status).toBe(401);
    }
    expectTooMany(await loginFrom(freshAddress(), t.agent.email, t.agent.password));
  }, 60_000);

  it("counts parallel wrong passwords exactly: 10 of 30 are checked, the rest refused", async () => {
    const t = await createTenant();
    const ip = freshAddress();
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => loginFrom(ip, t.agent.email, `wrong-${i}`)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });

  it("lets another email in from the same address, until the address has 100 failures", async () => {
    const t = await createTenant();
    const ip = freshAddress();
    for (let i = 0; i < 10; i++) await loginFrom(ip, t.admin.email, "wrong");
    expectTooMany(await loginFrom(ip, t.admin.email, t.admin.password));
    // one colleague's lock-out does not lock the office out
    expect((await loginFrom(ip, t.agent.email, t.agent.password)).status).toBe(200);
    // 100 failures in all (10 + 11 already counted, the 429 included; successes are not), 5 per email
    let failures = 11;
    for (let e = 0; failures < 100; e++) {
      for (let i = 0; i < 5 && failures < 100; i++, failures++) {
        expect((await loginFrom(ip, `guess-${e}-${suffix()}@test.example`, "wrong")).status).toBe(401);
      }
    }
    const [row] = await getDb().select().from(authAttempts).where(and(eq(authAttempts.bucket, "login-address"), eq(authAttempts.key, ip)));
    expect(row.count).toBe(100);
    const second = await createTenant();
    expectTooMany(await loginFrom(ip, second.admin.email, second.admin.password));
    // another address is unaffected
    expect((await loginFrom(freshAddress(), second.admin.email, second.admin.password)).status).toBe(200);
  }, 60_000);

  it("resets the email and address's count on a successful login", async () => {
    const t = await createTenant();
    const ip = freshAddress();
    for (let i = 0; i < 9; i++) expect((await loginFrom(ip, t.admin.email, "wrong")).status).toBe(401);
    expect((await loginFrom(ip, t.admin.email, t.admin.password)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await loginFrom(ip, t.admin.email, "wrong")).status).toBe(401);
    expectTooMany(await loginFrom(ip, t.admin.email, "wrong"));
  });

  it("frees the key when its window is over", async () => {
    const t = await createTenant();
    const ip = freshAddress();
    for (let i = 0; i < 10; i++) await loginFrom(ip, t.admin.email, "wrong");
    expectTooMany(await loginFrom(ip, t.admin.email, t.admin.password));
    await ageWindow("login-pair", `${t.admin.email.toLowerCase()} ${ip}`);
    expect((await loginFrom(ip, t.admin.email, t.admin.password)).status).toBe(200);
  });

  it("ignores X-Forwarded-For without TRUST_PROXY: the socket's address counts", async () => {
    const t = await createTenant();
    const blocked = freshAddress();
    await fillAddress(blocked);
    // a forged header does not get the blocked socket out
    expectTooMany(await loginFrom(blocked, t.admin.email, t.admin.password, "203.0.113.7"));
    // nor does naming the blocked address lock anyone else out
    expect((await loginFrom(freshAddress(), t.admin.email, t.admin.password, blocked)).status).toBe(200);
  });

  it("honours X-Forwarded-For with TRUST_PROXY: the address the proxy saw counts", async () => {
    process.env.TRUST_PROXY = "1";
    resetEnvCache();
    const t = await createTenant();
    const proxy = freshAddress();
    await fillAddress(proxy);
    const client = freshAddress();
    await fillAddress(client);
    // every client comes through the proxy's socket; the proxy's own address being full blocks no one
    expect((await loginFrom(proxy, t.admin.email, t.admin.password, "198.51.100.4")).status).toBe(200);
    // the entry the proxy appended is the one that counts: a client cannot prepend its way out
    expectTooMany(await loginFrom(proxy, t.admin.email, t.admin.password, client));
    expectTooMany(await loginFrom(proxy, t.admin.email, t.admin.password, `198.51.100.9, ${client}`));
  });

  it("limits next-auth's credentials sign-in the same way", async () => {
    const t = await createTenant();
    const ip = freshAddress();
    const provider = authOptions().providers[0] as unknown as {
      options: { authorize: (c: Record<string, string>, req: { headers: Record<string, string> }) => Promise<unknown> };
    };
    const authorize = (password: string) =>
      provider.options.authorize({ email: t.agent.email, password }, { headers: { [SOCKET_ADDRESS_HEADER]: ip } });
    for (let i = 0; i < 10; i++) await expect(authorize("wrong")).rejects.toThrow("ERR_INVALID_CREDENTIALS");
    await expect(authorize(t.agent.password)).rejects.toThrow("ERR_TOO_MANY_ATTEMPTS");
    // the two doors share one count
    expectTooMany(await loginFrom(ip, t.agent.email, t.agent.password));
  });
});

describe("sign-up attempt limits", () => {
  it("counts every attempt per email and address: the 11th with one email from one address answers 429", async () => {
    const plan = await createPlan();
    const ip = freshAddress();
    const email = `owner-${suffix()}@test.example`;
    expect((await signupFrom(ip, signupForm(plan.id, email))).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await signupFrom(ip, signupForm(plan.id, email))).status).toBe(409);
    expectTooMany(await signupFrom(ip, signupForm(plan.id, email.toUpperCase())));
    // from another address the email is only taken (409), not refused
    expect((await signupFrom(freshAddress(), signupForm(plan.id, email))).status).toBe(409);
  });

  it("counts every attempt per address: past 100 nothing is created, other addresses go on", async () => {
    const plan = await createPlan();
    const ip = freshAddress();
    // failed attempts count too (an unknown plan creates nothing)
    for (let i = 0; i < 100; i++) expect((await signupFrom(ip, signupForm(999_999))).status).toBe(404);
    const form = signupForm(plan.id);
    expectTooMany(await signupFrom(ip, form));
    expect((await signupFrom(freshAddress(), form)).status).toBe(200);
  }, 60_000);
});

describe("the attempt limiter's window", () => {
  const rowsOf = (bucket: string) => getDb().select().from(authAttempts).where(eq(authAttempts.bucket, bucket));

  it("refuses past the limit until the window ends, then starts a new one and sweeps expired rows", async () => {
    const bucket = `test-${suffix()}`;
    const limit = (key: string) => ({ bucket, key, limit: 2, windowMs: 60_000 });
    // in the past, so the sweep it triggers leaves the other tests' live rows alone
    const t0 = new Date("2020-01-01T12:00:00Z");
    const at = (ms: number) => new Date(t0.getTime() + ms);
    await countAttempt(getDb(), [limit("a")], t0);
    await countAttempt(getDb(), [limit("other")], at(1_000));
    await countAttempt(getDb(), [limit("a")], at(10_000));
    const refused = await countAttempt(getDb(), [limit("a")], at(20_500)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "ERR_TOO_MANY_ATTEMPTS", status: 429, extra: { retryAfter: 40 } });
    // a second before the window ends: still refused
    await expect(countAttempt(getDb(), [limit("a")], at(59_000))).rejects.toMatchObject({ extra: { retryAfter: 1 } });
    // the window is over: counted afresh, and the key "other" (expired at 61 s) is swept
    await countAttempt(getDb(), [limit("a")], at(61_500));
    expect((await rowsOf(bucket)).map((r) => [r.key, r.count, r.windowStart.getTime()])).toEqual([["a", 1, at(61_500).getTime()]]);
  });
});

// The rules of a reset code, on the services with a moved clock (`now`) and through the routes for
// the limits: 30 minutes, single use, 5 wrong tries, a newer code replaces the older, one live code
// under concurrent requests, attempt limits as login's. No SMTP: codes are read from the sandbox mailbox.
import { and, eq, gt, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as forget } from "@/app/api/forgetpassword/[email]/route";
import { POST as reset } from "@/app/api/resetpasswords/route";
import { getDb } from "@/db";
import { passwordResets } from "@/db/schema";
import { listSandboxMail } from "@/lib/mail/list-sandbox-mail";
import { MAX_WRONG_TRIES } from "@/lib/password-reset/code";
import { requestPasswordReset } from "@/lib/password-reset/request-password-reset";
import { resetPassword } from "@/lib/password-reset/reset-password";
import { createTenant, type TenantUser } from "../helpers/factories";
import { call } from "../helpers/http";

let seq = 0;
const address = () => `10.20.${Math.floor(++seq / 250)}.${seq % 250}`;
const MIN = 60_000;

/** A user of a fresh company, with a code requested at `now`; answers the code read from the mailbox. */
async function userWithCode(now = new Date()): Promise<{ user: TenantUser; code: string }> {
  const user = (await createTenant()).agent;
  const code = await newCode(user, now);
  return { user, code };
}

async function newCode(user: TenantUser, now = new Date()) {
  await requestPasswordReset(getDb(), user.email, { address: address(), now });
  const [mail] = await listSandboxMail(getDb(), { to: user.email });
  return /^ {4}([A-Z0-9]{8})$/m.exec(mail.text)![1];
}

const tryReset = (user: TenantUser, token: string, now: Date, password = "NovaSenha1", from = address()) =>
  resetPassword(getDb(), { email: user.email, token, password }, { address: from, now }).then(
    () => "ok",
    (e: { code?: string }) => e.code,
  );

const wrong = (code: string) => (code[0] === "A" ? "B" : "A") + code.slice(1);

beforeAll(() => {
  delete process.env.SMTP_URL;
});

describe("reset code rules", () => {
  it("expires 30 minutes after it was sent", async () => {
    const t0 = new Date();
    const a = await userWithCode(t0);
    expect(await tryReset(a.user, a.code, new Date(t0.getTime() + 30 * MIN))).toBe("ERR_RESET_CODE_EXPIRED");
    const b = await userWithCode(t0);
    expect(await tryReset(b.user, b.code, new Date(t0.getTime() + 29 * MIN))).toBe("ok");
  });

  it("is used once", async () => {
    const { user, code } = await userWithCode();
    expect(await tryReset(user, code, new Date())).toBe("ok");
    expect(await tryReset(user, code, new Date(), "Outra12345")).toBe("ERR_RESET_CODE_EXPIRED");
  });

  it(`dies at the ${MAX_WRONG_TRIES}th wrong try`, async () => {
    const { user, code } = await userWithCode();
    for (let i = 1; i <= MAX_WRONG_TRIES; i++) expect(await tryReset(user, wrong(code), new Date())).toBe("ERR_RESET_CODE_INVALID");
    expect(await tryReset(user, code, new Date())).toBe("ERR_RESET_CODE_EXPIRED");
    const b = await userWithCode();
    for (let i = 1; i < MAX_WRONG_TRIES; i++) expect(await tryReset(b.user, wrong(b.code), new Date())).toBe("ERR_RESET_CODE_INVALID");
    // four wrong tries leave it alive
    expect(await tryReset(b.user, b.code, new Date())).toBe("ok");
  });

  it("is replaced by a newer request", async () => {
    const { user, code: first } = await userWithCode();
    const second = await newCode(user);
    expect(second).not.toBe(first);
    expect(await tryReset(user, first, new Date())).toBe("ERR_RESET_CODE_INVALID");
    expect(await tryReset(user, second, new Date())).toBe("ok");
  });

  it("leaves one live code when requests race", async () => {
    const user = (await createTenant()).agent;
    const now = new Date();
    await Promise.all([1, 2, 3, 4].map(() => requestPasswordReset(getDb(), user.email, { address: address(), now })));
    const live = await getDb()
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)));
    expect(live).toHaveLength(1);
  });

  it("lets a user locked out of login in again at once", async () => {
    const user = (await createTenant()).agent;
    const from = { "x-socket-address": "10.30.0.1" };
    for (let i = 0; i < 10; i++) await call(login, { method: "POST", url: "/api/auth/login", body: { email: user.email, password: "wrong" }, headers: from });
    expect((await call(login, { method: "POST", url: "/api/auth/login", body: { email: user.email, password: user.password }, headers: from })).status).toBe(429);
    const code = await newCode(user);
    // reset from the browser that was locked out
    expect(await tryReset(user, code, new Date(), "Liberado123", "10.30.0.1")).toBe("ok");
    expect((await call(login, { method: "POST", url: "/api/auth/login", body: { email: user.email, password: "Liberado123" }, headers: from })).status).toBe(200);
  });
});

describe("attempt limits (as login's: 10 per email and address, 100 per email, 100 per address in 15 minutes)", () => {
  it("answers 429 with Retry-After past 10 requests for one email from one address; the user's own address still asks", async () => {
    const user = (await createTenant()).agent;
    const from = address();
    const ask = (socket = from) =>
      call(forget, { method: "POST", url: `/api/forgetpassword/${user.email}`, params: { email: user.email }, headers: { "x-socket-address": socket } });
    for (let i = 0; i < 10; i++) expect((await ask()).status).toBe(200);
    const res = await ask();
    expect(res).toMatchObject({ status: 429, body: { error: "ERR_TOO_MANY_ATTEMPTS" } });
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await ask(address())).status).toBe(200);
  });

  it("counts unknown emails against the client address", async () => {
    const from = { "x-socket-address": "10.40.0.1" };
    const ask = (i: number) => call(forget, { method: "POST", url: `/api/forgetpassword/x${i}@test.example`, params: { email: `x${i}@test.example` }, headers: from });
    for (let i = 0; i < 100; i++) expect((await ask(i)).status).toBe(404);
    expect(await ask(100)).toMatchObject({ status: 429, body: { error: "ERR_TOO_MANY_ATTEMPTS" } });
  });

  it("answers 429 past 10 code tries for one email from one address", async () => {
    const { user, code } = await userWithCode();
    const from = address();
    const put = (token: string) =>
      call(reset, { method: "POST", url: "/api/resetpasswords", body: { email: user.email, token, password: "NovaSenha1" }, headers: { "x-socket-address": from } });
    // five wrong tries kill the code; a new one comes, five more tries, then the limit
    for (let i = 0; i < 5; i++) expect((await put(wrong(code))).status).toBe(400);
    const next = await newCode(user);
    for (let i = 0; i < 5; i++) expect((await put(wrong(next))).status).toBe(400);
    expect(await put(next)).toMatchObject({ status: 429, body: { error: "ERR_TOO_MANY_ATTEMPTS" } });
  });
});

// The whole reset over HTTP (the real route handlers), with the mail going through a real SMTP
// server: POST /api/forgetpassword/{email} mails a code, POST /api/resetpasswords sets the password,
// every old session ends.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as me } from "@/app/api/auth/me/route";
import { POST as refresh } from "@/app/api/auth/refresh_token/route";
import { POST as forget } from "@/app/api/forgetpassword/[email]/route";
import { POST as resetByPath } from "@/app/api/resetpasswords/[email]/[token]/[newPassword]/route";
import { POST as reset } from "@/app/api/resetpasswords/route";
import { getDb } from "@/db";
import { mailMessages, passwordResets, users } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { closeMailTransport } from "@/lib/mail/transport";
import { createTenant, loginAs, suffix, type Tenant } from "../helpers/factories";
import { call } from "../helpers/http";
import { startSmtpCapture, type SmtpCapture } from "../helpers/smtp-capture";

let smtp: SmtpCapture;
let t: Tenant;
let other: Tenant;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = smtp.url;
  resetEnvCache();
  [t, other] = await Promise.all([createTenant(), createTenant()]);
});
afterAll(async () => {
  closeMailTransport();
  delete process.env.SMTP_URL;
  resetEnvCache();
  await smtp.close();
});

// every test from its own client address, so the per-address limit of one test does not reach another
const client = () => ({ "x-socket-address": `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
const ask = (email: string, headers = client(), query = "") =>
  call(forget, { method: "POST", url: `/api/forgetpassword/${encodeURIComponent(email)}${query}`, params: { email }, headers });
const setPassword = (body: Record<string, unknown>, headers = client()) => call(reset, { method: "POST", url: "/api/resetpasswords", body, headers });
const loginWith = (email: string, password: string) => call(login, { method: "POST", url: "/api/auth/login", body: { email, password }, headers: client() });

describe("password reset over HTTP with a real SMTP server", () => {
  it("mails a code, sets the new password with it and ends every old session", async () => {
    const user = t.agent;
    const old = await loginAs(user);
    const res = await ask(user.email.toUpperCase());
    expect(res.status).toBe(200);
    // sent before the answer: the mail left right after its transaction committed
    const code = smtp.codeFor(user.email)!;
    expect(code).toMatch(/^(?=.*\d)[A-Z0-9]{8}$/);
    const mail = smtp.received.at(-1)!;
    expect(mail.text).toContain(`http://127.0.0.1:3000/forgetpsw?email=${encodeURIComponent(user.email)}&token=${code}`);
    expect(mail.text).toContain(`Olá, ${user.name}!`);
    expect(await getDb().select({ status: mailMessages.status }).from(mailMessages).where(eq(mailMessages.to, user.email))).toEqual([{ status: "sent" }]);

    const newPassword = "NovaSenha123";
    // the code typed as a person might: lower case, with spaces
    expect((await setPassword({ email: user.email, token: ` ${code.toLowerCase().slice(0, 4)} ${code.slice(4).toLowerCase()}`, password: newPassword })).status).toBe(200);
    expect((await loginWith(user.email, newPassword)).status).toBe(200);
    expect((await loginWith(user.email, user.password)).status).toBe(401);
    // the session and refresh token from before the reset are refused
    expect((await call(me, { url: "/api/auth/me", token: old.token })).status).toBe(403);
    expect((await call(refresh, { method: "POST", url: "/api/auth/refresh_token", cookie: old.cookies })).status).toBe(401);
    // and the code is spent
    expect(await setPassword({ email: user.email, token: code, password: "Outra1234" })).toMatchObject({ status: 400, body: { error: "ERR_RESET_CODE_EXPIRED" } });
  });

  it("answers 404 ERR_EMAIL_NOT_FOUND for an unknown email, and mails nothing", async () => {
    const before = smtp.received.length;
    expect(await ask(`nobody-${suffix()}@test.example`)).toMatchObject({ status: 404, body: { error: "ERR_EMAIL_NOT_FOUND" } });
    // companyId narrows the lookup: another company's user is not found through it
    expect(await ask(other.admin.email, client(), `?companyId=${t.companyId}`)).toMatchObject({ status: 404, body: { error: "ERR_EMAIL_NOT_FOUND" } });
    expect((await ask(other.admin.email, client(), `?companyId=${other.companyId}`)).status).toBe(200);
    expect(smtp.received.length).toBe(before + 1);
  });

  it("stores only a keyed hash of the code", async () => {
    const user = (await createTenant()).admin;
    expect((await ask(user.email)).status).toBe(200);
    const code = smtp.codeFor(user.email)!;
    const rows = await getDb().select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(rows[0].expiresAt.getTime() - rows[0].createdAt.getTime()).toBe(30 * 60_000);
  });

  it("writes the mail in the user's stored language", async () => {
    const user = (await createTenant()).agent;
    await getDb().update(users).set({ locale: "en" }).where(eq(users.id, user.id));
    expect((await ask(user.email)).status).toBe(200);
    const mail = smtp.received.at(-1)!;
    expect(mail.raw).toMatch(/^Subject: Your code to reset your password/m);
    expect(mail.text).toContain(`Hello, ${user.name}!`);
  });

  it("refuses a password outside the spec's rule with its message", async () => {
    const user = (await createTenant()).agent;
    await ask(user.email);
    const code = smtp.codeFor(user.email)!;
    for (const password of ["curta1A", "semnumeroAA", "SEMMINUSCULA1", "semmaiuscula1"]) {
      const res = await setPassword({ email: user.email, token: code, password });
      expect(res).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", issues: [{ path: "password", message: "passwordRule" }] } });
    }
    // refused input does not touch the code: it still works
    expect((await setPassword({ email: user.email, token: code, password: "Valida123" })).status).toBe(200);
  });

  it("accepts the spec's path form POST /resetpasswords/{email}/{token}/{newPassword}", async () => {
    const user = (await createTenant()).agent;
    await ask(user.email);
    const code = smtp.codeFor(user.email)!;
    const newPassword = "Caminho/123?#";
    const params = { email: user.email, token: code, newPassword };
    const url = `/api/resetpasswords/${[user.email, code, newPassword].map(encodeURIComponent).join("/")}`;
    expect((await call(resetByPath, { method: "POST", url, params, headers: client() })).status).toBe(200);
    expect((await loginWith(user.email, newPassword)).status).toBe(200);
    const bad = { ...params, newPassword: "fraca" };
    expect(await call(resetByPath, { method: "POST", url, params: bad, headers: client() })).toMatchObject({
      status: 400,
      body: { issues: [{ path: "newPassword", message: "passwordRule" }] },
    });
  });
});

// GET /api/sandbox/mail: the sandbox mailbox, for super admins only and only with the sandbox on.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as mailbox } from "@/app/api/sandbox/mail/route";
import { getDb } from "@/db";
import { mailMessages, users } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { enqueueMail } from "@/lib/mail/enqueue";
import { SANDBOX_MAIL_LIMIT } from "@/lib/mail/list-sandbox-mail";
import { createTenant, createUsers, loginAs, suffix, type Tenant } from "../helpers/factories";
import { call } from "../helpers/http";

let t: Tenant;
let superToken: string;
let adminToken: string;
let agentToken: string;

beforeAll(async () => {
  delete process.env.SMTP_URL;
  process.env.SANDBOX_ENABLED = "1";
  resetEnvCache();
  t = await createTenant();
  const [owner] = await createUsers(t.companyId, 1, "Owner");
  await getDb().update(users).set({ super: true, profile: "admin" }).where(eq(users.id, owner.id));
  [superToken, adminToken, agentToken] = (await Promise.all([loginAs(owner), loginAs(t.admin), loginAs(t.agent)])).map((s) => s.token);
});
afterAll(() => {
  delete process.env.SANDBOX_ENABLED;
  resetEnvCache();
});

const read = (token: string | undefined, to?: string) => call(mailbox, { url: `/api/sandbox/mail${to === undefined ? "" : `?to=${encodeURIComponent(to)}`}`, token });

describe("GET /api/sandbox/mail", () => {
  it("answers one address's kept mail, newest first", async () => {
    const to = `box-${suffix()}@test.example`;
    await enqueueMail(getDb(), { to, subject: "Primeiro", text: "um" });
    await enqueueMail(getDb(), { to: `other-${suffix()}@test.example`, subject: "Outro", text: "x" });
    await enqueueMail(getDb(), { to, subject: "Segundo", text: "dois" });
    const res = await read(superToken, to.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body.messages.map((m: { subject: string }) => m.subject)).toEqual(["Segundo", "Primeiro"]);
    expect(res.body.messages[0]).toMatchObject({ to, subject: "Segundo", text: "dois", createdAt: expect.any(String) });
  });

  it("answers the latest mail of everyone without `to`, bounded", async () => {
    const tag = suffix();
    for (let i = 0; i < SANDBOX_MAIL_LIMIT + 5; i++) await enqueueMail(getDb(), { to: `n${i}-${tag}@test.example`, subject: `N ${i}`, text: "n" });
    const res = await read(superToken);
    expect(res.body.messages).toHaveLength(SANDBOX_MAIL_LIMIT);
    expect(res.body.messages[0].subject).toBe(`N ${SANDBOX_MAIL_LIMIT + 4}`);
  });

  it("shows only kept mail, never what went out through SMTP", async () => {
    const to = `sent-${suffix()}@test.example`;
    const id = await enqueueMail(getDb(), { to, subject: "Enviado", text: "segredo" });
    await getDb().update(mailMessages).set({ status: "sent" }).where(eq(mailMessages.id, id));
    expect((await read(superToken, to)).body.messages).toEqual([]);
  });

  it("is for super admins only", async () => {
    expect((await read(undefined)).status).toBe(401);
    expect(await read(adminToken)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await read(agentToken)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
  });

  it("answers 404 when the sandbox is off", async () => {
    process.env.SANDBOX_ENABLED = "0";
    resetEnvCache();
    try {
      expect(await read(superToken)).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
    } finally {
      process.env.SANDBOX_ENABLED = "1";
      resetEnvCache();
    }
  });
});

// The mail outbox delivered through a real SMTP server (smtp-server on a local port): sent once,
// retried with backoff after a refusal, given up after 5 tries, never sent twice by parallel
// senders, and kept (never sent) without SMTP.
import { InngestTestEngine } from "@inngest/test";
import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { mailMessages } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { createEmbeddedScheduler } from "@/lib/jobs/embedded-scheduler";
import { deliverMailEveryMinute } from "@/lib/jobs/functions/deliver-mail";
import { CLAIM_LEASE_MS, claimDueMail } from "@/lib/mail/claim-mail";
import { deliverMail } from "@/lib/mail/deliver-mail";
import { enqueueMail } from "@/lib/mail/enqueue";
import { MAX_MAIL_ATTEMPTS } from "@/lib/mail/mark-mail";
import { closeMailTransport } from "@/lib/mail/transport";
import { suffix } from "../helpers/factories";
import { startSmtpCapture, type SmtpCapture } from "../helpers/smtp-capture";

let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
});
beforeEach(() => {
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_FROM = "Atendimento <no-reply@atendimento.test>";
  resetEnvCache();
});
afterEach(async () => {
  // nothing left due for the next test's senders
  await getDb().update(mailMessages).set({ status: "failed", nextAttemptAt: null }).where(eq(mailMessages.status, "pending"));
});
afterAll(async () => {
  closeMailTransport();
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
  resetEnvCache();
  await smtp.close();
});

const row = async (id: number) => (await getDb().select().from(mailMessages).where(eq(mailMessages.id, id)))[0];
const mailTo = () => `person-${suffix()}@test.example`;
const receivedBy = (to: string) => smtp.received.filter((m) => m.to.includes(to));

describe("mail delivery through SMTP", () => {
  it("sends a pending mail once and marks it sent", async () => {
    const to = mailTo();
    const id = await enqueueMail(getDb(), { to, subject: "Olá", text: "Corpo com acentuação: ção" });
    expect(await row(id)).toMatchObject({ status: "pending", attempts: 0 });
    const r = await deliverMail(getDb(), { ids: [id] });
    expect(r).toMatchObject({ sent: 1, retrying: 0, failed: 0 });
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 1, lastError: null, nextAttemptAt: null });
    expect((await row(id)).sentAt).toBeInstanceOf(Date);
    const [got] = receivedBy(to);
    expect(got.from).toBe("no-reply@atendimento.test");
    expect(got.text).toContain("Corpo com acentuação: ção");
    // a second run finds nothing due: sent once
    await deliverMail(getDb(), { ids: [id] });
    expect(receivedBy(to)).toHaveLength(1);
  });

  it("retries after the server refuses, once the backoff has passed", async () => {
    const to = mailTo();
    const id = await enqueueMail(getDb(), { to, subject: "Retry", text: "retry me" });
    smtp.refuseNext(1);
    const now = new Date();
    expect(await deliverMail(getDb(), { ids: [id], now })).toMatchObject({ sent: 0, retrying: 1 });
    const after = await row(id);
    expect(after).toMatchObject({ status: "pending", attempts: 1 });
    expect(after.lastError).toMatch(/451/);
    expect(after.nextAttemptAt!.getTime()).toBe(now.getTime() + 60_000);
    // not due before the backoff ends
    expect(await deliverMail(getDb(), { ids: [id], now: new Date(now.getTime() + 59_000) })).toMatchObject({ sent: 0, retrying: 0 });
    expect(await deliverMail(getDb(), { ids: [id], now: new Date(now.getTime() + 61_000) })).toMatchObject({ sent: 1 });
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(receivedBy(to)).toHaveLength(1);
  });

  it(`gives up after ${MAX_MAIL_ATTEMPTS} refused tries and keeps the last error`, async () => {
    const to = mailTo();
    const id = await enqueueMail(getDb(), { to, subject: "Never", text: "refused" });
    smtp.refuseNext(MAX_MAIL_ATTEMPTS);
    let now = new Date();
    for (let i = 1; i <= MAX_MAIL_ATTEMPTS; i++) {
      const r = await deliverMail(getDb(), { ids: [id], now });
      expect(r).toMatchObject(i < MAX_MAIL_ATTEMPTS ? { retrying: 1 } : { failed: 1 });
      now = new Date(now.getTime() + 2 * 3600_000);
    }
    expect(await row(id)).toMatchObject({ status: "failed", attempts: MAX_MAIL_ATTEMPTS, nextAttemptAt: null });
    expect((await row(id)).lastError).toMatch(/451/);
    expect(await deliverMail(getDb(), { ids: [id], now })).toMatchObject({ sent: 0, failed: 0 });
    expect(receivedBy(to)).toHaveLength(0);
  });

  it("never sends one mail twice when several senders run at once", async () => {
    const to = mailTo();
    const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => enqueueMail(getDb(), { to, subject: `Batch ${i}`, text: `n ${i}` })));
    const runs = await Promise.all([1, 2, 3, 4].map(() => deliverMail(getDb(), { ids, limit: 12 })));
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(12);
    const subjects = receivedBy(to).map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1]);
    expect(new Set(subjects).size).toBe(12);
    expect(subjects).toHaveLength(12);
    const rows = await getDb().select().from(mailMessages).where(inArray(mailMessages.id, ids));
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });

  it("sends a mail whose sender died mid-send once its lease has lapsed", async () => {
    const to = mailTo();
    const id = await enqueueMail(getDb(), { to, subject: "Lease", text: "lease" });
    const now = new Date();
    // claimed by an instance that never came back
    expect(await claimDueMail(getDb(), { ids: [id], now })).toHaveLength(1);
    expect(await deliverMail(getDb(), { ids: [id], now: new Date(now.getTime() + 1000) })).toMatchObject({ sent: 0 });
    expect(await deliverMail(getDb(), { ids: [id], now: new Date(now.getTime() + CLAIM_LEASE_MS + 1000) })).toMatchObject({ sent: 1 });
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2 });
    expect(receivedBy(to)).toHaveLength(1);
  });

  it("is driven by the embedded scheduler and by the Inngest function", async () => {
    const to = mailTo();
    const [a, b] = [await enqueueMail(getDb(), { to, subject: "By scheduler", text: "s" }), await enqueueMail(getDb(), { to, subject: "By Inngest", text: "i" })];
    // b waits out a backoff, so only the scheduler's pass (a) sends now
    await getDb().update(mailMessages).set({ nextAttemptAt: new Date(Date.now() + 3600_000) }).where(eq(mailMessages.id, b));
    const lines: string[] = [];
    const scheduler = createEmbeddedScheduler({ db: getDb, log: (l) => lines.push(l) });
    await scheduler.tick();
    await scheduler.stop();
    expect(await row(a)).toMatchObject({ status: "sent" });
    expect(lines).toContain("sent 1 mail(s)");
    await getDb().update(mailMessages).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(mailMessages.id, b));
    const { result } = await new InngestTestEngine({ function: deliverMailEveryMinute }).execute();
    expect(result).toMatchObject({ sent: 1 });
    expect(await row(b)).toMatchObject({ status: "sent" });
    expect(receivedBy(to)).toHaveLength(2);
  });
});

describe("without SMTP", () => {
  beforeEach(() => {
    delete process.env.SMTP_URL;
    resetEnvCache();
  });

  it("keeps the mail in the sandbox mailbox and never sends it", async () => {
    const to = mailTo();
    const id = await enqueueMail(getDb(), { to: to.toUpperCase(), subject: "Kept", text: "kept" });
    expect(await row(id)).toMatchObject({ status: "kept", to, nextAttemptAt: null });
    expect(await deliverMail(getDb(), {})).toMatchObject({ sent: 0 });
    // a server configured later does not send what was kept either
    process.env.SMTP_URL = smtp.url;
    resetEnvCache();
    expect(await deliverMail(getDb(), { ids: [id] })).toMatchObject({ sent: 0 });
    expect(await row(id)).toMatchObject({ status: "kept" });
    expect(receivedBy(to)).toHaveLength(0);
  });
});

import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "@/lib/env";

// Bounded waits, all well inside the claim lease (lib/mail/claim-mail.ts): a hung server costs one
// attempt, never a mail held past its lease and sent twice by another instance.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

let cached: { url: string; transport: Transporter } | null = null;

/**
 * The SMTP transport of SMTP_URL (smtp://user:pass@host:587, smtps://...:465; nodemailer reads the
 * URL's options), or null when none is configured: mail is then kept in the sandbox mailbox.
 */
export function getMailTransport(): Transporter | null {
  const url = getEnv().SMTP_URL;
  if (!url) return null;
  if (cached?.url !== url) {
    cached?.transport.close();
    // logger off: nodemailer's debug log would print the message, which may hold a reset code
    cached = { url, transport: nodemailer.createTransport({ url, ...TIMEOUTS, logger: false, debug: false }) };
  }
  return cached.transport;
}

/** Closes the pooled connection (tests switching servers, shutdown). */
export function closeMailTransport() {
  cached?.transport.close();
  cached = null;
}

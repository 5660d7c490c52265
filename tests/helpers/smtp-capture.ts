import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** A message the test SMTP server accepted: envelope, raw source and its decoded text. */
export type Captured = { from: string; to: string[]; raw: string; text: string };

export type SmtpCapture = {
  /** SMTP_URL pointing at this server */
  url: string;
  received: Captured[];
  /** refuse the next `n` messages with a temporary failure (451), as a busy server does */
  refuseNext: (n: number) => void;
  /** the code of the newest reset mail to `to` (the big line of the text) */
  codeFor: (to: string) => string | undefined;
  close: () => Promise<void>;
};

// Undoes quoted-printable, which nodemailer uses for text with accents: soft breaks and =XX bytes.
function decodeQuotedPrintable(s: string): string {
  const bytes = s.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/**
 * A real SMTP server (the `smtp-server` package) on a free local port: the product's nodemailer
 * transport talks SMTP to it exactly as to a provider. No TLS and no auth, as a local relay.
 */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const received: Captured[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (refusals > 0) {
          refusals--;
          const err = Object.assign(new Error("Try again later"), { responseCode: 451 });
          return callback(err);
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        received.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeQuotedPrintable(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext: (n) => void (refusals = n),
    codeFor(to) {
      const mail = [...received].reverse().find((m) => m.to.includes(to.toLowerCase()));
      return mail && /^ {4}([A-Z0-9]{8})\s*$/m.exec(mail.text)?.[1];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

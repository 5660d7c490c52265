import { z } from "zod";
import { isInngestConfigured } from "@/lib/jobs/config";

// Secrets that appear in docs and examples; a deployment using one is refused.
const WELL_KNOWN_SECRETS = new Set([
  "secret",
  "changeme",
  "change-me",
  "development",
  "replace-me",
  "replace-with-a-long-random-string",
  "your-secret-here",
]);

const flag = z
  .enum(["1", "0", "true", "false", ""])
  .optional()
  .transform((v) => v === "1" || v === "true");

const secret = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .min(32, `${name} must be at least 32 characters`)
    .refine((v) => !WELL_KNOWN_SECRETS.has(v.toLowerCase()), `${name} is a well-known value; generate a random one`);

// media storage (lib/storage): the local disk under STORAGE_DIR (default DATA_DIR/media) or an
// S3-compatible bucket. Also read on their own (getStorageEnv): a storage tool needs no secrets.
const storageFields = {
  STORAGE_DRIVER: z.enum(["disk", "s3"], { error: "STORAGE_DRIVER must be disk or s3" }).default("disk"),
  STORAGE_DIR: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ENDPOINT: z.string().url("S3_ENDPOINT must be a URL").optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flag,
};
const needsBucket = (e: { STORAGE_DRIVER: string; S3_BUCKET?: string }) => e.STORAGE_DRIVER !== "s3" || Boolean(e.S3_BUCKET);
const bucketMissing = () => ({ message: "S3_BUCKET is required when STORAGE_DRIVER is s3", path: ["S3_BUCKET"] });
const storageSchema = z.object(storageFields).refine(needsBucket, bucketMissing());
export type StorageEnv = z.infer<typeof storageSchema>;

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DEMO_MODE: flag,
    DATABASE_URL: z.string().url().optional(),
    DATA_DIR: z.string().default(".data"),
    APP_URL: z.string().url().default("http://127.0.0.1:3000"),
    AUTH_SECRET: secret("AUTH_SECRET"),
    REFRESH_SECRET: secret("REFRESH_SECRET"),
    ACCESS_TOKEN_TTL: z.coerce.number().int().positive().default(15 * 60),
    REFRESH_TOKEN_TTL: z.coerce.number().int().positive().default(7 * 24 * 60 * 60),
    SANDBOX_ENABLED: z.enum(["1", "0", "true", "false", ""]).optional(),
    // Pusher Channels, soketi or the embedded server (workers/start.ts fills these when unset).
    PUSHER_APP_ID: z.string().min(1).optional(),
    PUSHER_KEY: z.string().min(1).optional(),
    PUSHER_SECRET: z.string().min(1).optional(),
    PUSHER_CLUSTER: z.string().min(1).default("mt1"),
    PUSHER_HOST: z.string().min(1).optional(),
    PUSHER_PORT: z.coerce.number().int().positive().optional(),
    PUSHER_USE_TLS: flag,
    // what the browser connects to, read at request time (no rebuild to change it)
    PUSHER_PUBLIC_HOST: z.string().min(1).optional(),
    PUSHER_PUBLIC_PORT: z.coerce.number().int().positive().optional(),
    PUSHER_PUBLIC_TLS: flag,
    // Inngest runs the timed work (lib/jobs) when INNGEST_EVENT_KEY, INNGEST_BASE_URL or INNGEST_DEV
    // is set; otherwise the embedded scheduler in the WhatsApp worker does. Without a signing key
    // the client is in dev mode (a local Inngest dev server at INNGEST_BASE_URL).
    INNGEST_EVENT_KEY: z.string().min(1).optional(),
    INNGEST_SIGNING_KEY: z.string().min(1).optional(),
    INNGEST_BASE_URL: z.string().url().optional(),
    INNGEST_DEV: z.string().optional(),
    // how often the embedded scheduler looks for due work (milliseconds)
    SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(1000).max(300_000).default(5000),
    // how long a WhatsApp worker's lease on a connection lasts unrenewed: after a crash, the wait
    // before another worker takes the connection over (renewed every second while the worker lives)
    WORKER_LEASE_MS: z.coerce.number().int().min(3000).max(600_000).default(30_000),
    // a message WhatsApp held while no socket was up is answered by the bot only when younger than
    // this (minutes); older ones are notified to the agents, not answered (lib/messages/held-guards.ts)
    HELD_REPLY_MAX_AGE_MIN: z.coerce.number().int().min(1).max(7 * 24 * 60).default(360),
    // the WhatsApp Web version Baileys announces ("2.3000.1023456789"); unset: WhatsApp's current one,
    // else the last that opened, else Baileys' own (lib/whatsapp/providers/baileys/wa-version.ts)
    WA_WEB_VERSION: z.string().optional(),
    // media a customer sends larger than this (megabytes, as WhatsApp announces it) is not downloaded:
    // the message says its name and size, marked too large
    WHATSAPP_MEDIA_MAX_MB: z.coerce.number().int().min(1).max(2048).default(100),
    // how many reverse proxies stand in front of the app and append to X-Forwarded-For: unset, 0 or
    // false trusts none (the client address is the socket's); 1 or true, one; n, n (lib/auth/client-address.ts)
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v) => (v === "true" ? 1 : !v || v === "false" ? 0 : Number(v)))
      .pipe(z.number({ error: "TRUST_PROXY must be a number of proxies, true or false" }).int().min(0).max(10)),
    SEED_ADMIN_EMAIL: z.string().email().default("admin@example.com"),
    SEED_ADMIN_PASSWORD: z.string().min(5).default("admin123"),
    // the platform owner made on a first start with no user (production); required then (lib/platform)
    ADMIN_EMAIL: z.string().email("ADMIN_EMAIL must be an email address").optional(),
    ADMIN_PASSWORD: z.string().min(12, "ADMIN_PASSWORD must be at least 12 characters").optional(),
    // mail (lib/mail): SMTP in production, e.g. smtp://user:pass@host:587 or smtps://...:465;
    // unset, mail is kept in the sandbox mailbox (/sandbox/mail)
    SMTP_URL: z.string().url("SMTP_URL must be a URL such as smtp://user:pass@host:587").optional(),
    MAIL_FROM: z.string().min(3).optional(),
    // payments (lib/payments): efi (Efí Pix) or sandbox; unset, efi when EFI_CLIENT_ID is set, else sandbox
    PAYMENT_PROVIDER: z.enum(["efi", "sandbox"]).optional(),
    EFI_CLIENT_ID: z.string().min(1).optional(),
    EFI_CLIENT_SECRET: z.string().min(1).optional(),
    // the .p12 certificate Efí issues for the application (a file path), and its password if any
    EFI_CERTIFICATE: z.string().min(1).optional(),
    EFI_CERTIFICATE_PASSWORD: z.string().optional(),
    // the Pix key (chave) receiving the payments
    EFI_PIX_KEY: z.string().min(1).optional(),
    // https://pix.api.efipay.com.br (production) or https://pix-h.api.efipay.com.br (homologação)
    EFI_BASE_URL: z.string().url().default("https://pix.api.efipay.com.br"),
    // the secret part of the webhook URL registered at Efí (…/api/payments/webhook/efi?secret=…)
    EFI_WEBHOOK_SECRET: z.string().min(32, "EFI_WEBHOOK_SECRET must be at least 32 characters").optional(),
    // how many days before the due date the next period's invoice is made
    INVOICE_DAYS_BEFORE_DUE: z.coerce.number().int().min(1).max(60).default(10),
    // outbound calls (webhooks, bots: lib/net): private/loopback targets refused unless the host is
    // listed here (comma list) or WEBHOOK_ALLOW_PRIVATE is set (tests reaching a local receiver)
    OUTBOUND_ALLOW_HOSTS: z.string().default(""),
    WEBHOOK_ALLOW_PRIVATE: flag,
    // AI prompts (lib/bots/providers/openai): the chat model, the voice-note transcription model, and
    // Azure Speech's text-to-speech endpoint ({region} is the prompt's voiceRegion; tests point it at a stub)
    OPENAI_MODEL: z.string().min(1).default("gpt-4o-mini"),
    OPENAI_TRANSCRIPTION_MODEL: z.string().min(1).default("whisper-1"),
    AZURE_SPEECH_ENDPOINT: z.string().min(1).default("https://{region}.tts.speech.microsoft.com/cognitiveservices/v1"),
    // what this process runs (workers/start.ts): all (default), web (the Next server), worker (WhatsApp
    // sockets, the outbox and the embedded scheduler) or realtime (the embedded Pusher-protocol server)
    ROLE: z.enum(["all", "web", "worker", "realtime"], { error: "ROLE must be all, web, worker or realtime" }).default("all"),
    ...storageFields,
    // the web role's drain on SIGTERM: /api/health/ready answers 503 this long before the server
    // stops taking requests (workers/launcher/drain.ts); 0 stops at once
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    // logs (lib/observability): pino level; JSON lines in production, pretty in the demo
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    // Baileys' own lines in the worker's log (lib/whatsapp/providers/baileys/logger.ts), rate-limited
    BAILEYS_LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("warn"),
    // GET /api/metrics answers only with `Authorization: Bearer {METRICS_TOKEN}`; unset, 404
    METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  })
  .refine((e) => e.AUTH_SECRET !== e.REFRESH_SECRET, {
    message: "AUTH_SECRET and REFRESH_SECRET must differ",
    path: ["REFRESH_SECRET"],
  })
  .refine(needsBucket, bucketMissing())
  // Inngest without a signing key serves /api/inngest unsigned: anybody could run the timed work
  .refine((e) => !(e.NODE_ENV === "production" && !e.DEMO_MODE && isInngestConfigured({ INNGEST_EVENT_KEY: e.INNGEST_EVENT_KEY, INNGEST_BASE_URL: e.INNGEST_BASE_URL, INNGEST_DEV: e.INNGEST_DEV }) && !e.INNGEST_SIGNING_KEY), {
    message: "INNGEST_SIGNING_KEY is required in production when Inngest is configured (it would accept unsigned calls to /api/inngest)",
    path: ["INNGEST_SIGNING_KEY"],
  });

export type Env = z.infer<typeof schema> & { sandboxEnabled: boolean };

let cached: Env | null = null;

/** Parses the environment once; throws with every problem listed. */
export function getEnv(source: Record<string, string | undefined> = process.env): Env {
  if (cached && source === process.env) return cached;
  const input = { ...source, AUTH_SECRET: source.AUTH_SECRET ?? source.NEXTAUTH_SECRET };
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `- ${i.path.join(".") || "env"}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  // The sandbox phone is on in demo mode, off elsewhere unless enabled explicitly.
  const sandboxEnabled = e.SANDBOX_ENABLED ? ["1", "true"].includes(e.SANDBOX_ENABLED) : e.DEMO_MODE;
  const env = { ...e, sandboxEnabled };
  if (source === process.env) cached = env;
  return env;
}

/** The storage settings alone (media tools: npm run media:copy-to-s3); throws with every problem listed. */
export function getStorageEnv(source: Record<string, string | undefined> = process.env): StorageEnv {
  const parsed = storageSchema.safeParse(source);
  if (!parsed.success) throw new Error(`Invalid configuration:\n${parsed.error.issues.map((i) => `- ${i.path.join(".")}: ${i.message}`).join("\n")}`);
  return parsed.data;
}

export function resetEnvCache() {
  cached = null;
}

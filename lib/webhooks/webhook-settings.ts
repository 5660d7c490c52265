import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { whatsapps } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { openSecret, sealSecret } from "@/lib/crypto/secret-box";
import type { WebhookSettings, WebhookSettingsInput } from "./schemas";
import { standardWebhookKey } from "./sign";

/**
 * A new webhook secret as Standard Webhooks encodes one: `whsec_` and the base64 of 32 random bytes
 * (the key), so that standard's libraries verify our deliveries. Secrets made before were base64url.
 */
export const generateWebhookSecret = () => "whsec_" + randomBytes(32).toString("base64");

/** Whether deliveries signed with this sealed secret carry the Standard Webhooks headers (lib/webhooks/sign.ts). */
const signsStandard = (sealed: string | null) => {
  const secret = sealed ? openSecret(sealed) : null;
  return secret !== null && standardWebhookKey(secret) !== null;
};

const ofCompany = (companyId: number, id: number) => and(eq(whatsapps.id, id), eq(whatsapps.companyId, companyId));

/** GET /api/whatsapp/{id}/webhook: never the secret, only whether there is one and whether it signs the standard headers. */
export async function getWebhookSettings(db: DbOrTx, companyId: number, id: number): Promise<WebhookSettings> {
  const [row] = await db
    .select({ url: whatsapps.webhookUrl, events: whatsapps.webhookEvents, secret: whatsapps.webhookSecret })
    .from(whatsapps)
    .where(ofCompany(companyId, id));
  if (!row) throw new AppError("ERR_NO_WAPP_FOUND", 404);
  return { url: row.url, events: row.events, hasSecret: row.secret !== null, standardSignature: signsStandard(row.secret) };
}

/**
 * PUT /api/whatsapp/{id}/webhook. The first URL of a connection without a secret makes one, sealed
 * at rest (lib/crypto/secret-box) and answered this once; later saves keep it (rotation is its own
 * call). Turning the webhook off (no URL) keeps the secret too, so turning it on again needs no
 * change on the receiver.
 */
export async function updateWebhookSettings(db: DbOrTx, companyId: number, id: number, input: WebhookSettingsInput): Promise<WebhookSettings> {
  const secret = input.url ? generateWebhookSecret() : null;
  const sealed = secret ? sealSecret(secret) : null;
  // coalesce: only a connection without a secret takes the new one, so two first saves at once
  // never answer a secret that the other then overwrote
  const [row] = await db
    .update(whatsapps)
    .set({ webhookUrl: input.url, webhookEvents: input.events, webhookSecret: sql`coalesce(${whatsapps.webhookSecret}, ${sealed})`, updatedAt: new Date() })
    .where(ofCompany(companyId, id))
    .returning({ stored: whatsapps.webhookSecret });
  if (!row) throw new AppError("ERR_NO_WAPP_FOUND", 404);
  const made = secret !== null && row.stored === sealed;
  const settings = { url: input.url, events: input.events, hasSecret: row.stored !== null, standardSignature: signsStandard(row.stored) };
  return { ...settings, ...(made ? { secret } : {}) };
}

/**
 * POST /api/whatsapp/{id}/webhook/secret: a new secret, answered once. Deliveries still waiting are
 * signed with it (the secret is read at send time), so the receiver switches at once.
 */
export async function rotateWebhookSecret(db: DbOrTx, companyId: number, id: number): Promise<{ secret: string }> {
  const secret = generateWebhookSecret();
  const [row] = await db
    .update(whatsapps)
    .set({ webhookSecret: sealSecret(secret), updatedAt: new Date() })
    .where(ofCompany(companyId, id))
    .returning({ id: whatsapps.id });
  if (!row) throw new AppError("ERR_NO_WAPP_FOUND", 404);
  return { secret };
}

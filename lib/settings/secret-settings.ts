import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { settings } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { MASK, maskSecret, openSecret, sealSecret } from "@/lib/crypto/secret-box";
import { publishSecretSetting } from "./publish-settings";

/**
 * Settings that hold a third-party token (admin §2.4, §9: the payment provider's, `asaas`). Only
 * admins read or write them; they are stored sealed (lib/crypto/secret-box) in the same `value`
 * column, and every answer shows them masked to their last 4 characters.
 */
export const SECRET_SETTINGS = {
  asaas: { max: 500 },
} as const;

export type SecretSettingKey = keyof typeof SECRET_SETTINGS;
export const SECRET_KEYS = Object.keys(SECRET_SETTINGS) as SecretSettingKey[];

export function isSecretSettingKey(key: string): key is SecretSettingKey {
  return Object.hasOwn(SECRET_SETTINGS, key);
}

const INVALID = (message: string) => new AppError("ERR_VALIDATION", 400, { issues: [{ path: "value", message }] });

async function storedSecrets(db: DbOrTx, companyId: number, keys: readonly SecretSettingKey[]) {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(and(eq(settings.companyId, companyId), inArray(settings.key, [...keys])));
  return new Map(rows.map((r) => [r.key, openSecret(r.value)]));
}

/** The secret itself, for the service that calls the provider; null when none is set (or unreadable). */
export async function getSecretSetting(db: DbOrTx, companyId: number, key: SecretSettingKey): Promise<string | null> {
  return (await storedSecrets(db, companyId, [key])).get(key) || null;
}

/** Every secret key, masked, for an admin's GET /settings ("" when not set). */
export async function listMaskedSecrets(db: DbOrTx, companyId: number) {
  const found = await storedSecrets(db, companyId, SECRET_KEYS);
  return SECRET_KEYS.map((key) => ({ key, value: maskSecret(found.get(key) ?? "") }));
}

/**
 * PUT /settings/{secret key} (admins; the route checks the role). The masked value the form was
 * given, sent back unchanged, keeps the secret; "" clears it; any other text replaces it.
 */
export async function updateSecretSetting(db: DbOrTx, ctx: TenantContext, key: SecretSettingKey, input: string) {
  const value = input.trim();
  if (value.length > SECRET_SETTINGS[key].max) throw INVALID("tooLong");
  const current = (await storedSecrets(db, ctx.companyId, [key])).get(key) ?? "";
  if (current && value === maskSecret(current)) return { key, value };
  // a mask is never a token: the form sent back a value it was not given
  if (value.startsWith(MASK)) throw INVALID("invalidOption");
  const sealed = sealSecret(value);
  await db
    .insert(settings)
    .values({ companyId: ctx.companyId, key, value: sealed })
    .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value: sealed, updatedAt: sql`now()` } });
  const setting = { key, value: maskSecret(value) };
  await publishSecretSetting(ctx.companyId, setting);
  return setting;
}

import type { DbOrTx } from "@/db";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { countAttempt } from "@/lib/auth/attempt-limit";
import { findConnection } from "./get-connection";
import { notifyPairing } from "./pairing-notice";

// issue 33 §8: at most 3 codes per 10 minutes per connection (each sends the phone a notification)
export const PAIRING_CODE_LIMIT = { limit: 3, windowMs: 10 * 60_000 };

/**
 * PUT /whatsappsession/{id} with `{ number }`: asks the worker running the connection for a code to
 * type on that phone instead of scanning the QR code. Only a `beta` connection showing a QR code has
 * a socket waiting to pair (409 ERR_WAPP_NOT_PAIRING otherwise). The code reaches the admins as a
 * session event (`pairingCode`); the answer is the connection as it is.
 */
export async function requestPairingCode(db: DbOrTx, ctx: TenantContext, id: number, number: string) {
  const row = await findConnection(db, ctx.companyId, id);
  if (row.provider !== "beta" || row.status !== "qrcode") throw new AppError("ERR_WAPP_NOT_PAIRING", 409);
  // counted only for the company's own connection that can pair: nobody spends another's attempts
  await countAttempt(db, [{ bucket: "pairing-code", key: String(id), ...PAIRING_CODE_LIMIT }]);
  await notifyPairing(db, id, number);
  return row;
}

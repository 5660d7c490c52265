import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";

// Pairing by code (issue 33 §8) is asked of the live socket, held by whichever worker runs the
// connection, while it shows a QR code: a NOTIFY on this channel reaches every worker (LISTEN,
// workers/whatsapp.ts) and the one holding the connection asks. Not kept anywhere: a request
// nobody hears (no worker listening, the socket gone) asked nothing, and a new socket would need a
// new code anyway; the dialog says when no code came.
export const PAIRING_CHANNEL = "whatsapp_pair";

/** Sends the request (delivered at commit). */
export async function notifyPairing(tx: DbOrTx, whatsappId: number, number: string) {
  await tx.execute(sql`select pg_notify(${PAIRING_CHANNEL}, ${JSON.stringify({ whatsappId, number })})`);
}

/** The request a worker heard; null for anything else. */
export function readPairingNotice(payload: string): { whatsappId: number; number: string } | null {
  try {
    const { whatsappId, number } = JSON.parse(payload) as { whatsappId?: unknown; number?: unknown };
    if (!Number.isInteger(whatsappId) || typeof number !== "string" || !/^\d{10,15}$/.test(number)) return null;
    return { whatsappId: whatsappId as number, number };
  } catch {
    return null;
  }
}

import type { DbOrTx } from "@/db";
import { publish } from "@/lib/realtime/publish";
import { loadConnections } from "./load-connections";
import { sessionUpdated } from "./publish-connection";

/**
 * The code WhatsApp gave for pairing by phone number (issue 33 §8), to the company's admins: the QR
 * dialog shows it beside the QR code. Never stored: it is worth something only while this socket
 * waits, and a new socket asks for a new one.
 */
export async function publishPairingCode(db: DbOrTx, ref: { id: number; companyId: number }, code: string) {
  const [row] = await loadConnections(db, ref.companyId, [ref.id]);
  if (row) await publish(sessionUpdated(ref.companyId, row, code));
}

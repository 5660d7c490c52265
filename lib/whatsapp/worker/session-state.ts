import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { whatsapps } from "@/db/schema";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { publish } from "@/lib/realtime/publish";
import type { ConnectionStatus } from "../types";

type Ref = { id: number; companyId: number };

/**
 * Writes a connection's session state (status, QR code, retries, paired number) and tells the
 * company's admins (QR codes are for admins only).
 */
export async function updateSessionState(
  db: DbOrTx,
  ref: Ref,
  change: { status: ConnectionStatus; qrcode?: string; retries?: number; number?: string },
) {
  const set: Partial<typeof whatsapps.$inferInsert> = { status: change.status, updatedAt: new Date() };
  if (change.qrcode !== undefined) set.qrcode = change.qrcode;
  if (change.retries !== undefined) set.retries = change.retries;
  if (change.number) set.number = change.number;
  if (change.status === "CONNECTED" || change.status === "DISCONNECTED") {
    set.qrcode = "";
    if (change.status === "CONNECTED") set.retries = 0;
  }
  const [row] = await db
    .update(whatsapps)
    .set(set)
    .where(and(eq(whatsapps.id, ref.id), eq(whatsapps.companyId, ref.companyId)))
    .returning({ id: whatsapps.id, status: whatsapps.status, qrcode: whatsapps.qrcode, retries: whatsapps.retries, updatedAt: whatsapps.updatedAt, number: whatsapps.number });
  if (!row) return;
  await publish({ channels: [channels.admins(ref.companyId)], event: EVENTS.whatsappSession, data: { action: "update", session: row } });
}

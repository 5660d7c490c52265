import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { whatsapps } from "@/db/schema";
import { loadConnections } from "@/lib/connections/load-connections";
import { sendAttentionMail } from "@/lib/connections/send-attention-mail";
import { connectionUpdated, sessionUpdated } from "@/lib/connections/publish-connection";
import { publish } from "@/lib/realtime/publish";
import type { ConnectionStatus, Disconnect } from "../types";

type Ref = { id: number; companyId: number };

/**
 * Writes a connection's session state (status, QR code, retries, paired number), then tells the
 * admins (with the QR code) and every user of the company (status only); when it needs attention,
 * mails the admins too.
 */
export async function updateSessionState(
  db: DbOrTx,
  ref: Ref,
  change: { status: ConnectionStatus; qrcode?: string; retries?: number; number?: string; disconnect?: Disconnect },
) {
  const set: Partial<typeof whatsapps.$inferInsert> = { status: change.status, updatedAt: new Date() };
  if (change.qrcode !== undefined) set.qrcode = change.qrcode;
  if (change.retries !== undefined) set.retries = change.retries;
  if (change.number) set.number = change.number;
  if (change.disconnect) {
    const d = change.disconnect;
    Object.assign(set, { disconnectCode: d.code, disconnectReason: d.reason, needsAttention: d.needsAttention });
  }
  if (change.status === "CONNECTED" || change.status === "DISCONNECTED") {
    set.qrcode = "";
    if (change.status === "CONNECTED") {
      set.retries = 0;
      set.connectedAt = new Date();
      Object.assign(set, { disconnectCode: null, disconnectReason: null, needsAttention: false });
    }
  }
  const write = (tx: DbOrTx) => tx.update(whatsapps).set(set).where(and(eq(whatsapps.id, ref.id), eq(whatsapps.companyId, ref.companyId)));
  // issue 33 §5: the admins are mailed, once a day at most, decided in the same transaction
  if (set.needsAttention) {
    await db.transaction(async (tx) => {
      await write(tx);
      await sendAttentionMail(tx, ref);
    });
  } else await write(db);
  const [row] = await loadConnections(db, ref.companyId, [ref.id]);
  if (!row) return;
  await publish(sessionUpdated(ref.companyId, row), connectionUpdated(ref.companyId, row));
}

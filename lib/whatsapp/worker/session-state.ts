import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { whatsapps } from "@/db/schema";
import { respaceAfterOutage, wakeRespaced } from "@/lib/campaigns/dispatch/respace-after-outage";
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
  let respaced: number[] = [];
  // issue 33 §5: the admins are mailed, once a day at most, decided in the same transaction
  if (set.needsAttention) {
    await db.transaction(async (tx) => {
      await write(tx);
      await sendAttentionMail(tx, ref);
    });
  } else if (set.connectedAt) {
    // issue 33 §6: campaign messages that came due while it was down are spread again from now,
    // with the status, so no dispatcher sees it up with the old due times
    respaced = await db.transaction(async (tx) => {
      await write(tx);
      return respaceAfterOutage(tx, ref, set.connectedAt!);
    });
  } else await write(db);
  const [row] = await loadConnections(db, ref.companyId, [ref.id]);
  if (row) await publish(sessionUpdated(ref.companyId, row), connectionUpdated(ref.companyId, row));
  await wakeRespaced(ref.companyId, respaced);
}

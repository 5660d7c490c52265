import { and, count, eq, ne } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { whatsapps } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { publish } from "@/lib/realtime/publish";
import { lockCompanyConnections } from "./lock-company-connections";
import { notifyWorker } from "./notify-worker";
import { connectionDeleted } from "./publish-connection";

/**
 * DELETE /whatsapp/{id}. The default connection cannot go while others remain (ERR_NO_OTHER_WHATSAPP:
 * make another one the default first). Tickets, messages and users keep their rows (set null).
 */
export async function deleteConnection(db: DbOrTx, ctx: TenantContext, id: number) {
  const { companyId } = ctx;
  await db.transaction(async (tx) => {
    await lockCompanyConnections(tx, companyId);
    const [current] = await tx
      .select({ isDefault: whatsapps.isDefault })
      .from(whatsapps)
      .where(and(eq(whatsapps.id, id), eq(whatsapps.companyId, companyId)));
    if (!current) throw new AppError("ERR_NO_WAPP_FOUND", 404);
    if (current.isDefault) {
      const [{ others }] = await tx
        .select({ others: count() })
        .from(whatsapps)
        .where(and(eq(whatsapps.companyId, companyId), ne(whatsapps.id, id)));
      if (others > 0) throw new AppError("ERR_NO_OTHER_WHATSAPP", 400);
    }
    await tx.delete(whatsapps).where(and(eq(whatsapps.id, id), eq(whatsapps.companyId, companyId)));
    // the worker holding the socket sees the row gone and ends it
    await notifyWorker(tx, id);
  });
  await publish(connectionDeleted(companyId, id));
  return { message: "Whatsapp deleted." };
}

import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { whatsapps } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { publish } from "@/lib/realtime/publish";
import { findConnection } from "./get-connection";
import { notifyWorker } from "./notify-worker";
import { connectionUpdated, sessionUpdated } from "./publish-connection";
import type { SessionRequest } from "./schemas";

/**
 * POST / PUT / DELETE /whatsappsession/{id}: asks the worker owning the connection to start
 * (or retry), restart with a new QR code, or log out. The API only records the request and wakes
 * the worker; the worker carries it out, clears it and publishes what follows.
 */
export async function requestSession(db: DbOrTx, ctx: TenantContext, id: number, request: SessionRequest) {
  const { companyId } = ctx;
  const now = new Date();
  const state =
    request === "start"
      ? { status: "OPENING" }
      : request === "restart"
        ? { status: "OPENING", qrcode: "", retries: 0 }
        : {};
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(whatsapps)
      .set({ ...state, sessionRequest: request, sessionRequestedAt: now, updatedAt: now })
      .where(and(eq(whatsapps.id, id), eq(whatsapps.companyId, companyId)))
      .returning({ id: whatsapps.id });
    if (!updated.length) throw new AppError("ERR_NO_WAPP_FOUND", 404);
    await notifyWorker(tx, id);
  });
  const row = await findConnection(db, companyId, id);
  await publish(sessionUpdated(companyId, row), connectionUpdated(companyId, row));
  return row;
}

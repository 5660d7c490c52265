import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";

/**
 * Wakes the worker owning the connection (delivered at commit). The worker also polls: on embedded
 * PGlite a NOTIFY never reaches another process, so this only shortens the wait.
 */
export async function notifyWorker(tx: DbOrTx, whatsappId: number) {
  await tx.execute(sql`select pg_notify('whatsapp_session', ${String(whatsappId)})`);
}

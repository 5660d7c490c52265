import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { whatsapps } from "@/db/schema";
import { notifyWorker } from "@/lib/connections/notify-worker";

/**
 * Wakes the workers for every connection of a company (delivered at commit): after a suspension
 * they stop its sockets without logging out (a worker renews no lease of a suspended company),
 * after re-enabling they start them again (lib/whatsapp/worker/leases.ts).
 */
export async function wakeCompanyConnections(tx: DbOrTx, companyId: number) {
  const rows = await tx.select({ id: whatsapps.id }).from(whatsapps).where(eq(whatsapps.companyId, companyId));
  for (const r of rows) await notifyWorker(tx, r.id);
}

/**
 * Asks the worker holding each of a company's connections to log it out (the company is being
 * deleted). DISCONNECTED as well, so a connection whose logout is done is not claimed and started
 * again before its row goes.
 */
export async function requestCompanyLogouts(tx: DbOrTx, companyId: number, now = new Date()) {
  const rows = await tx
    .update(whatsapps)
    .set({ sessionRequest: "logout", sessionRequestedAt: now, status: "DISCONNECTED", qrcode: "", updatedAt: now })
    .where(eq(whatsapps.companyId, companyId))
    .returning({ id: whatsapps.id });
  for (const r of rows) await notifyWorker(tx, r.id);
}

/** How many of a company's logout requests a live worker still holds (lease not lapsed). */
async function pendingLogouts(db: DbOrTx, companyId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(whatsapps)
    .where(
      and(
        eq(whatsapps.companyId, companyId),
        eq(whatsapps.sessionRequest, "logout"),
        sql`${whatsapps.leaseOwner} is not null and ${whatsapps.leaseExpiresAt} > now()`,
      ),
    );
  return n;
}

/**
 * Waits until the workers have carried out the company's logout requests, or `timeoutMs`. A
 * connection no worker holds has no socket to log out and is not waited for; a worker that died
 * holding one keeps its lease until it lapses, and the wait ends at the timeout instead.
 */
export async function waitForCompanyLogouts(db: DbOrTx, companyId: number, timeoutMs: number, pollMs = 100): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if ((await pendingLogouts(db, companyId)) === 0) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { companies } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { deleteCompanyMedia } from "@/lib/storage";
import { requestCompanyLogouts, waitForCompanyLogouts } from "./company-connections";
import { endCompanySessions, publishSessionsEnded } from "./end-company-sessions";
import { assertNotOwnerCompany } from "./owner-company";

// How long a delete waits for the workers to log its connections out (a worker answers within a
// tick, about a second; this bounds a dead worker whose lease has not lapsed yet).
const LOGOUT_WAIT_MS = 15_000;

/**
 * DELETE /companies/{id} (super admin): every row of the company (every company-scoped table
 * cascades from companies), its media folder, and its WhatsApp sessions logged out. The logouts go
 * first, while the connection rows still exist: the worker carries out a request it finds on a row
 * it holds, and a row deleted under it would only be stopped (its phone would keep a dead linked
 * device). Its users' sessions end at the first step. The owner's company is refused (409).
 */
export async function deleteCompany(db: DbOrTx, id: number, opts: { logoutWaitMs?: number } = {}) {
  const ended = await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).for("update");
    if (!row) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
    await assertNotOwnerCompany(tx, id);
    const userIds = await endCompanySessions(tx, id);
    await requestCompanyLogouts(tx, id);
    return userIds;
  });
  await publishSessionsEnded(id, ended, "companyDeleted");
  const loggedOut = await waitForCompanyLogouts(db, id, opts.logoutWaitMs ?? LOGOUT_WAIT_MS);
  if (!loggedOut) console.warn(`[companies] company ${id}: a worker did not log out every connection in time; deleting anyway`);
  await db.delete(companies).where(eq(companies.id, id));
  await deleteCompanyMedia(id);
  return { ok: true };
}

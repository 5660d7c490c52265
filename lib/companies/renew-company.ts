import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { companies } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { todayIn } from "@/lib/dates/today";
import { getCompany } from "./company-view";
import { assertNotOwnerCompany } from "./owner-company";
import { renewDueDate } from "./recurrence";

/**
 * POST /companies/{id}/renew ("+ Vencimento", admin §2.4): the due date advances by the company's
 * recurrence from the later of today (its timezone) and its current due date. The owner's company
 * has no due date to renew (409).
 */
export async function renewCompany(db: DbOrTx, id: number, now: Date = new Date()) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ dueDate: companies.dueDate, recurrence: companies.recurrence, timezone: companies.timezone })
      .from(companies)
      .where(eq(companies.id, id))
      .for("update");
    if (!row) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
    await assertNotOwnerCompany(tx, id);
    const dueDate = renewDueDate(row.dueDate, todayIn(row.timezone, now), row.recurrence);
    await tx.update(companies).set({ dueDate, updatedAt: new Date() }).where(eq(companies.id, id));
  });
  return getCompany(db, id);
}

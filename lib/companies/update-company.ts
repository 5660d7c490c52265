import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { companies, plans, settings } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { publish } from "@/lib/realtime/publish";
import { settingEvent } from "@/lib/settings/publish-settings";
import { wakeCompanyConnections } from "./company-connections";
import { assertCompanyNameFree } from "./company-name";
import { getCompany } from "./company-view";
import { endCompanySessions, publishSessionsEnded } from "./end-company-sessions";
import { isOwnerCompany } from "./owner-company";
import type { UpdateCompanyInput } from "./schemas";

/**
 * PUT /companies/{id} (super admin). `status: false` suspends the company: its users' sessions end
 * (and the `auth` event tells their browsers), login and every request answer ERR_COMPANY_INACTIVE,
 * and its WhatsApp connections stop without logging out; `status: true` lets them log in again and
 * starts the connections. The owner's company cannot be suspended (409 ERR_COMPANY_PROTECTED) and
 * keeps no due date whatever is sent.
 */
export async function updateCompany(db: DbOrTx, id: number, input: UpdateCompanyInput) {
  const change = await db.transaction(async (tx) => {
    const [current] = await tx.select({ status: companies.status }).from(companies).where(eq(companies.id, id)).for("update");
    if (!current) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
    const owner = await isOwnerCompany(tx, id);
    if (owner && input.status === false) throw new AppError("ERR_COMPANY_PROTECTED", 409);
    if (input.name !== undefined) await assertCompanyNameFree(tx, input.name, id);
    if (input.planId !== undefined) {
      const [plan] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.id, input.planId)).for("key share");
      if (!plan) throw new AppError("ERR_NO_PLAN_FOUND", 404);
    }
    const { campaignsEnabled, ...fields } = input;
    await tx
      .update(companies)
      .set({
        ...fields,
        ...(input.email !== undefined ? { email: input.email.toLowerCase() } : {}),
        ...(owner ? { dueDate: null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(companies.id, id));
    if (campaignsEnabled !== undefined) {
      const value = String(campaignsEnabled);
      await tx
        .insert(settings)
        .values({ companyId: id, key: "campaignsEnabled", value })
        .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value, updatedAt: new Date() } });
    }
    const suspended = current.status && input.status === false;
    const resumed = !current.status && input.status === true;
    const ended = suspended ? await endCompanySessions(tx, id) : [];
    if (suspended || resumed) await wakeCompanyConnections(tx, id);
    return { ended, suspended };
  });
  await Promise.all([
    change.suspended ? publishSessionsEnded(id, change.ended, "companyInactive") : null,
    input.campaignsEnabled !== undefined ? publish(settingEvent(id, { key: "campaignsEnabled", value: String(input.campaignsEnabled) })) : null,
  ]);
  return getCompany(db, id);
}

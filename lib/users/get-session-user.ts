import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { companies, queues, settings, userQueues, users } from "@/db/schema";
import { isSettingKey } from "@/lib/settings/setting-keys";

export type SessionUser = Awaited<ReturnType<typeof getSessionUser>>;

/** The user as the login, refresh and me calls answer it (never the password hash). */
export async function getSessionUser(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      profile: users.profile,
      super: users.super,
      allTicket: users.allTicket,
      whatsappId: users.whatsappId,
      companyId: users.companyId,
      tokenVersion: users.tokenVersion,
      locale: users.locale,
      company: {
        id: companies.id,
        name: companies.name,
        email: companies.email,
        dueDate: companies.dueDate,
        status: companies.status,
        timezone: companies.timezone,
        planId: companies.planId,
        trialExpiration: companies.trialExpiration,
      },
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  if (!row) return null;
  const [queueRows, settingRows] = await Promise.all([
    db
      .select({ id: queues.id, name: queues.name, color: queues.color })
      .from(userQueues)
      .innerJoin(queues, and(eq(queues.id, userQueues.queueId), eq(queues.companyId, row.companyId)))
      .where(eq(userQueues.userId, userId))
      .orderBy(asc(queues.orderQueue), asc(queues.name)),
    db
      .select({ key: settings.key, value: settings.value })
      .from(settings)
      .where(eq(settings.companyId, row.companyId)),
  ]);
  const { tokenVersion, ...user } = row;
  // the registry's (non-secret) keys only: a stored token (the payment provider's) never reaches a browser
  const companySettings = settingRows.filter((s) => isSettingKey(s.key));
  return { user: { ...user, queues: queueRows, company: { ...user.company, settings: companySettings } }, tokenVersion };
}

import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { settings } from "@/db/schema";
import { settingsFromRows, type CompanySettings } from "./company-settings";

export type { CompanySettings } from "./company-settings";

/**
 * The company's settings as a typed object, defaults filling the keys it never stored. Services
 * (the chatbot, ticket transitions) read them through here.
 */
export async function getCompanySettings(db: DbOrTx, companyId: number): Promise<CompanySettings> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings).where(eq(settings.companyId, companyId));
  return settingsFromRows(rows);
}

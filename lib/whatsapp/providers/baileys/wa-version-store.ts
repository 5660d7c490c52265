import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { whatsapps } from "@/db/schema";

/** Where the WhatsApp Web version that last opened is kept (whatsapps.wa_version). */
export type VersionStore = { load(): Promise<string | null>; save(version: string): Promise<void> };

export function postgresVersionStore(db: () => DbOrTx, owner: { companyId: number; whatsappId: number }): VersionStore {
  const where = and(eq(whatsapps.id, owner.whatsappId), eq(whatsapps.companyId, owner.companyId));
  return {
    async load() {
      const [row] = await db().select({ v: whatsapps.waVersion }).from(whatsapps).where(where);
      return row?.v ?? null;
    },
    async save(version) {
      await db().update(whatsapps).set({ waVersion: version }).where(where);
    },
  };
}

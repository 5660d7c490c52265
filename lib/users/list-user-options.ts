import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { queues, whatsapps } from "@/db/schema";

/** What the user modal offers: the company's queues (with their colour) and connections. */
export async function listUserOptions(db: DbOrTx, companyId: number) {
  const [queueRows, whatsappRows] = await Promise.all([
    db
      .select({ id: queues.id, name: queues.name, color: queues.color })
      .from(queues)
      .where(eq(queues.companyId, companyId))
      .orderBy(asc(queues.orderQueue), asc(queues.name)),
    db
      .select({ id: whatsapps.id, name: whatsapps.name, isDefault: whatsapps.isDefault })
      .from(whatsapps)
      .where(eq(whatsapps.companyId, companyId))
      .orderBy(asc(whatsapps.name)),
  ]);
  return { queues: queueRows, whatsapps: whatsappRows };
}
export type UserOptions = Awaited<ReturnType<typeof listUserOptions>>;

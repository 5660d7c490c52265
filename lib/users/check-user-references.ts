import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { queues, users, whatsapps } from "@/db/schema";
import { AppError } from "@/lib/api/errors";

/** The email is free platform-wide (any case); `exceptUserId` is the user being edited. */
export async function assertEmailFree(db: DbOrTx, email: string, exceptUserId?: number) {
  const sameEmail = eq(sql`lower(${users.email})`, email.toLowerCase());
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId ? and(sameEmail, ne(users.id, exceptUserId)) : sameEmail);
  if (taken) throw new AppError("ERR_USER_EMAIL_EXISTS", 409);
}

/** The default connection and the queues must be the company's own; another tenant's id is a 404. */
export async function assertUserReferences(db: DbOrTx, companyId: number, refs: { whatsappId?: number | null; queueIds?: number[] }) {
  if (refs.whatsappId) {
    const [w] = await db
      .select({ id: whatsapps.id })
      .from(whatsapps)
      .where(and(eq(whatsapps.id, refs.whatsappId), eq(whatsapps.companyId, companyId)));
    if (!w) throw new AppError("ERR_NO_WAPP_FOUND", 404);
  }
  const queueIds = [...new Set(refs.queueIds ?? [])];
  if (queueIds.length) {
    const found = await db
      .select({ id: queues.id })
      .from(queues)
      .where(and(inArray(queues.id, queueIds), eq(queues.companyId, companyId)));
    if (found.length !== queueIds.length) throw new AppError("ERR_NOT_FOUND", 404);
  }
}

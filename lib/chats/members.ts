import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { users } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { CHAT_USERS_MAX } from "./schemas";

/**
 * The member ids of a chat from the dialog's users and its owner (always a member), each once.
 * Every one must be a user of the company: another company's user is never added (404
 * ERR_NO_USER_FOUND, as if it did not exist).
 */
export async function memberIds(db: DbOrTx, companyId: number, ownerId: number | null, picked: { id: number }[]): Promise<number[]> {
  const ids = [...new Set([...(ownerId ? [ownerId] : []), ...picked.map((u) => u.id)])];
  if (ids.length > CHAT_USERS_MAX) throw new AppError("ERR_VALIDATION", 400, { issues: [{ path: "users", message: "tooLong" }] });
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, ids)));
  if (found.length !== ids.length) throw new AppError("ERR_NO_USER_FOUND", 404);
  return ids;
}

import { count } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { users } from "@/db/schema";

/** How many users the whole platform has: none means nobody can log in yet (a first start). */
export async function countUsers(db: DbOrTx): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  return n;
}

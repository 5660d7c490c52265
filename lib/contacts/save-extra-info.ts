import { and, eq, inArray, notInArray } from "drizzle-orm";
import type { Tx } from "@/db";
import { contactExtraInfo } from "@/db/schema";
import type { ContactValues } from "./schemas";

type Rows = ContactValues["extraInfo"];

/**
 * Makes a contact's extra info exactly `rows`: rows with the id of one of its fields update it,
 * the others are added, and fields left out are removed (ids of other contacts are never touched).
 */
export async function saveExtraInfo(tx: Tx, companyId: number, contactId: number, rows: Rows) {
  const mine = and(eq(contactExtraInfo.contactId, contactId), eq(contactExtraInfo.companyId, companyId));
  const ids = rows.map((r) => r.id).filter((id): id is number => id !== undefined);
  const existing = ids.length
    ? new Set((await tx.select({ id: contactExtraInfo.id }).from(contactExtraInfo).where(and(mine, inArray(contactExtraInfo.id, ids)))).map((r) => r.id))
    : new Set<number>();
  const kept = rows.filter((r) => r.id !== undefined && existing.has(r.id));
  await tx.delete(contactExtraInfo).where(kept.length ? and(mine, notInArray(contactExtraInfo.id, kept.map((r) => r.id!))) : mine);
  for (const r of kept) {
    await tx.update(contactExtraInfo).set({ name: r.name, value: r.value }).where(and(mine, eq(contactExtraInfo.id, r.id!)));
  }
  const added = rows.filter((r) => !(r.id !== undefined && existing.has(r.id)));
  if (added.length) {
    await tx.insert(contactExtraInfo).values(added.map((r) => ({ companyId, contactId, name: r.name, value: r.value })));
  }
}

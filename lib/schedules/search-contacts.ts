import { and, asc, eq, ilike, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { contacts } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { escapeLike } from "./list-schedules";
import { CONTACT_SEARCH_MIN } from "./schemas";

export const CONTACT_SEARCH_LIMIT = 20;

export type ContactOption = { id: number; name: string; number: string; profilePicUrl: string };

/**
 * GET /schedules/contacts: the company's contacts matching a name or number, for the schedule
 * modal's contact select (spec core §2: the search starts at 3 characters; shorter answers none).
 */
export async function searchScheduleContacts(db: DbOrTx, ctx: Pick<TenantContext, "companyId">, searchParam: string) {
  const term = searchParam.trim().toLowerCase();
  if (term.length < CONTACT_SEARCH_MIN) return { contacts: [] as ContactOption[] };
  const digits = term.replace(/\D/g, "");
  const rows = await db
    .select({ id: contacts.id, name: contacts.name, number: contacts.number, profilePicUrl: contacts.profilePicUrl })
    .from(contacts)
    .where(
      and(
        eq(contacts.companyId, ctx.companyId),
        or(
          ilike(contacts.name, `%${escapeLike(term)}%`),
          digits.length >= CONTACT_SEARCH_MIN ? ilike(contacts.number, `%${digits}%`) : undefined,
        ),
      ),
    )
    .orderBy(asc(sql`lower(${contacts.name})`), asc(contacts.id))
    .limit(CONTACT_SEARCH_LIMIT);
  return { contacts: rows };
}

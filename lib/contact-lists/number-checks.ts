import { sql } from "drizzle-orm";
import type { Db } from "@/db";
import type { NumberChecks } from "@/lib/whatsapp/worker/types";
import type { ConnectionRef } from "@/lib/whatsapp/worker/types";
import { recordValidity } from "./record-validity";

// a claimed number not answered within this time (a worker died mid-check) is claimed again
const CLAIM_LEASE = "2 minutes";

/**
 * Takes up to `limit` contact-list items of the connection's company whose WhatsApp validity is
 * unknown and that nobody is checking (never claimed, or claimed more than 2 minutes ago), and
 * marks them claimed (whatsapp_checked_at = now()) in the same statement; FOR UPDATE SKIP LOCKED
 * keeps two connections or workers from ever taking the same item at once.
 *
 * Which connection checks: the company's default connection while it is CONNECTED; when the
 * company has no connected default (none marked, or it is down), every connected connection of
 * the company takes a share (the claim keeps them apart). So one number is asked through one
 * connection, and checks never stall because the default is offline.
 */
export async function claimNumberChecks(db: Db, conn: ConnectionRef, limit: number) {
  const rows = (await db.execute(sql`
    with picked as (
      select i.id from contact_list_items i
      where i.company_id = ${conn.companyId}
        and i.is_whatsapp_valid is null
        and (i.whatsapp_checked_at is null or i.whatsapp_checked_at < now() - ${CLAIM_LEASE}::interval)
        and (
          exists (select 1 from whatsapps w where w.id = ${conn.id} and w.company_id = ${conn.companyId} and w.is_default)
          or not exists (
            select 1 from whatsapps w where w.company_id = ${conn.companyId} and w.is_default and w.status = 'CONNECTED'
          )
        )
      order by i.id
      limit ${limit}
      for update of i skip locked
    )
    update contact_list_items i set whatsapp_checked_at = now()
    from picked where i.id = picked.id
    returning i.id, i.number
  `)) as unknown as { id: number; number: string }[];
  return rows.map((r) => ({ id: r.id, number: r.number }));
}

/**
 * When a real number's next batch of checks goes (null: none planned), for the contact list page.
 * Written as plain SQL: the query builder would touch updated_at, and this is no edit of the connection.
 */
export async function writeNumberCheckNextAt(db: Db, conn: ConnectionRef, nextAt: Date | null) {
  await db.execute(sql`
    update whatsapps set number_check_next_at = ${nextAt?.toISOString() ?? null}::timestamptz
    where id = ${conn.id} and company_id = ${conn.companyId}
  `);
}

/** The worker's background duty (NumberChecks of lib/whatsapp/worker/types.ts), on the given database. */
export function numberChecks(db: () => Db): NumberChecks {
  return {
    claim: (conn, limit) => claimNumberChecks(db(), conn, limit),
    record: async (conn, results) => void (await recordValidity(db(), conn.companyId, results)),
    planned: (conn, nextAt) => writeNumberCheckNextAt(db(), conn, nextAt),
  };
}

import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { paceVerdict, readPaceState } from "@/lib/whatsapp/worker/send-pacer";

/**
 * Whether a real number's send pacer (lib/whatsapp/worker/send-pacer.ts) holds an API send written
 * on `ticketId` now: its contact has not written on this connection in 24 h (so it is unsolicited)
 * and a cap or a restriction pauses such sends. A wait for the gap alone is seconds: not held.
 */
export async function pacerHolds(db: DbOrTx, conn: { companyId: number; whatsappId: number }, ticketId: number): Promise<boolean> {
  const [recent] = (await db.execute(sql`
    select 1 from tickets t join tickets t2 on t2.contact_id = t.contact_id and t2.whatsapp_id = t.whatsapp_id and t2.company_id = t.company_id
      join messages i on i.ticket_id = t2.id
    where t.id = ${ticketId} and t.company_id = ${conn.companyId} and not i.from_me and i.created_at > now() - interval '24 hours'
    limit 1
  `)) as unknown as unknown[];
  if (recent) return false;
  const state = await readPaceState(db, conn.whatsappId);
  return !!state && paceVerdict(state, new Date(), null).room === 0;
}

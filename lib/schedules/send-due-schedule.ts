import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db";
import { schedules } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { mediaTypeFromMime, type OutboundMedia } from "@/lib/messages/media-type";
import { queueOutbound } from "@/lib/messages/queue-outbound";
import { mimeFromName } from "@/lib/storage";
import { getSchedule } from "./get-schedule";
import { ticketForSchedule } from "./schedule-ticket";
import { publishSchedule } from "./schedule-view";

type Claimed = {
  id: number;
  companyId: number;
  contactId: number;
  userId: number | null;
  body: string;
  mediaPath: string | null;
  mediaName: string | null;
};

export type SendOutcome =
  | { id: number; companyId: number; status: "ENVIADA"; ticketId: number }
  | { id: number; companyId: number; status: "ERRO"; error: string };

/**
 * Sends ONE due schedule, exactly once, or answers null when none is due.
 *
 * Everything happens in one transaction: the claim (PENDENTE -> ENVIANDO, `for update skip
 * locked`, so a second scheduler running at the same moment skips this row and takes the next),
 * the ticket, the outbox row(s) through queueOutbound, and the final ENVIADA (with sentAt) or
 * ERRO (with the reason). Nothing is half done: a crash before the commit leaves the schedule
 * PENDENTE for the next pass, and after it the schedule is never due again. The worker owning the
 * connection then sends the outbox row as it sends an agent's message.
 */
export async function sendDueSchedule(db: Db): Promise<SendOutcome | null> {
  const outcome = await db.transaction(async (tx) => {
    const claimed = await claimDueSchedule(tx);
    if (!claimed) return null;
    try {
      // a savepoint: a refusal (no connection, contact gone) undoes only the delivery attempt
      const ticketId = await tx.transaction((sp) => deliver(sp, claimed));
      await finish(tx, claimed.id, { status: "ENVIADA", sentAt: new Date(), ticketId, error: null });
      return { id: claimed.id, companyId: claimed.companyId, status: "ENVIADA", ticketId } as const;
    } catch (err) {
      const error = err instanceof AppError ? err.code : "ERR_SENDING_WAPP_MSG";
      if (!(err instanceof AppError)) console.error(`[schedules] schedule ${claimed.id} failed:`, err);
      await finish(tx, claimed.id, { status: "ERRO", error });
      return { id: claimed.id, companyId: claimed.companyId, status: "ERRO", error } as const;
    }
  });
  if (outcome) {
    // read after the commit; gone only if it was deleted in the meantime
    const view = await getSchedule(db, { companyId: outcome.companyId }, outcome.id).catch(() => null);
    if (view) await publishSchedule(outcome.companyId, { action: "update", schedule: view });
  }
  return outcome;
}

/** Sends due schedules one by one until none is left or `limit` were handled. */
export async function sendDueSchedules(db: Db, limit = 50): Promise<{ sent: number; failed: number; outcomes: SendOutcome[] }> {
  const outcomes: SendOutcome[] = [];
  while (outcomes.length < limit) {
    const outcome = await sendDueSchedule(db);
    if (!outcome) break;
    outcomes.push(outcome);
  }
  const sent = outcomes.filter((o) => o.status === "ENVIADA").length;
  return { sent, failed: outcomes.length - sent, outcomes };
}

// The due scan across companies is served by schedules_status_send_at_idx (status, send_at).
async function claimDueSchedule(tx: Tx): Promise<Claimed | null> {
  const rows = (await tx.execute(sql`
    update schedules s set status = 'ENVIANDO', attempts = s.attempts + 1, updated_at = now()
    where s.status = 'PENDENTE' and s.id = (
      select id from schedules
      where status = 'PENDENTE' and send_at <= now()
      order by send_at, id
      limit 1
      for update skip locked
    )
    returning s.id, s.company_id as "companyId", s.contact_id as "contactId", s.user_id as "userId", s.body,
      s.media_path as "mediaPath", s.media_name as "mediaName"
  `)) as unknown as Claimed[];
  return rows[0] ?? null;
}

async function deliver(tx: Tx, s: Claimed): Promise<number> {
  const { ticketId } = await ticketForSchedule(tx, s);
  const medias: OutboundMedia[] = [];
  if (s.mediaPath) {
    const filename = s.mediaName ?? s.mediaPath.split("/").pop()!;
    const mimetype = mimeFromName(filename);
    medias.push({ path: s.mediaPath, filename, mimetype, type: mediaTypeFromMime(mimetype) });
  }
  // The system sends on the author's behalf: an admin-level context of the schedule's company, so
  // the ticket's queue never hides it. queueOutbound opens its own transaction; on a transaction
  // that is a savepoint of this one, so the outbox row commits (or not) with the schedule's status.
  // (Its message events go out when the savepoint is released, a moment before the commit; the
  // one write left after it is the schedule's own row, which this transaction holds locked.)
  const ctx: TenantContext = { companyId: s.companyId, userId: s.userId ?? 0, profile: "admin", queueIds: [], super: false, sessionId: "scheduler" };
  await queueOutbound(tx as unknown as Db, ctx, ticketId, { body: s.body, medias, senderKind: "schedule" });
  return ticketId;
}

type Finish = { status: "ENVIADA"; sentAt: Date; ticketId: number; error: null } | { status: "ERRO"; error: string };

async function finish(tx: Tx, id: number, f: Finish) {
  await tx
    .update(schedules)
    .set({ ...f, updatedAt: new Date() })
    .where(and(eq(schedules.id, id), eq(schedules.status, "ENVIANDO")));
}

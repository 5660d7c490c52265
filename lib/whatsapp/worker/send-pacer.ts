import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db";
import type { SendPauseReason } from "@/db/schema";
import { publishProgress } from "@/lib/campaigns/dispatch/progress";
import { loadConnections } from "@/lib/connections/load-connections";
import { connectionUpdated } from "@/lib/connections/publish-connection";
import { publish } from "@/lib/realtime/publish";

export { SEND_LIMITS } from "./send-limits";

/**
 * issue 33 §6: what a real number may send that nobody asked for (a campaign's recipient, a
 * scheduled message or an API send to a number silent for 24 h). Replies (a chat whose customer
 * wrote in the last 24 h, the bot's answers, agents' messages) never wait here. Unsolicited sends
 * are at least `minGapSeconds` apart (lengthened at random by up to PACE_JITTER) and at most
 * `hourCap` per rolling hour and `dayCap` per rolling day; over a cap they wait, and the pause is
 * written on the connection for its page and the campaign report. A 463 refusal (WhatsApp
 * restricted the account) pauses them for RESTRICTED_PAUSE_HOURS. The sandbox phone is not paced.
 */
export const PACE_JITTER = 0.3;
export const RESTRICTED_PAUSE_HOURS = 24;
/** WhatsApp's refusal code for a restricted account (a NACK, the Cloud API's error) */
export const RESTRICTED_CODE = "463";

export type PaceState = {
  minGapSeconds: number;
  hourCap: number;
  dayCap: number;
  /** unsolicited sends in the last hour and day, and the latest one */
  hourCount: number;
  dayCount: number;
  lastAt: Date | null;
  /** when the cap-th newest send of the hour (day) leaves its window: the cap frees one place */
  hourFreesAt: Date | null;
  dayFreesAt: Date | null;
  pausedUntil: Date | null;
  pauseReason: SendPauseReason | null;
};

export type PaceVerdict = { room: number; pause: { reason: SendPauseReason; until: Date } | null };

/**
 * How many unsolicited sends may go now (0 or more) and, when none may for a cap or a
 * restriction, why and until when. `gapUntil`: the earliest time the next one may go by the gap.
 */
export function paceVerdict(s: PaceState, now: Date, gapUntil: Date | null): PaceVerdict {
  if (s.pauseReason === "restricted" && s.pausedUntil && s.pausedUntil > now) return { room: 0, pause: { reason: "restricted", until: s.pausedUntil } };
  if (s.dayCount >= s.dayCap) return { room: 0, pause: { reason: "dayCap", until: s.dayFreesAt ?? new Date(now.getTime() + 86_400_000) } };
  if (s.hourCount >= s.hourCap) return { room: 0, pause: { reason: "hourCap", until: s.hourFreesAt ?? new Date(now.getTime() + 3_600_000) } };
  if (gapUntil && gapUntil > now) return { room: 0, pause: null };
  // with a gap, one at a time; with none (tests, by the database only), all the caps allow
  return { room: s.minGapSeconds > 0 ? 1 : Math.min(s.hourCap - s.hourCount, s.dayCap - s.dayCount), pause: null };
}

type Row = {
  gap: number;
  hour_cap: number;
  day_cap: number;
  paused_until: string | Date | null;
  pause_reason: SendPauseReason | null;
  hour_count: number;
  day_count: number;
  last_at: string | Date | null;
  hour_edge: string | Date | null;
  day_edge: string | Date | null;
};

const date = (v: string | Date | null) => (v === null ? null : new Date(v));

/** The connection's limits, pause and counts (the whatsapp_sends index answers each count). */
export async function readPaceState(db: DbOrTx, whatsappId: number): Promise<PaceState | null> {
  const sends = (window: string) => sql`from whatsapp_sends s where s.whatsapp_id = w.id and s.sent_at > now() - ${sql.raw(`interval '${window}'`)}`;
  const [r] = (await db.execute(sql`
    select w.send_min_gap_seconds as gap, w.send_hour_cap as hour_cap, w.send_day_cap as day_cap,
      w.send_paused_until as paused_until, w.send_pause_reason as pause_reason,
      (select count(*)::int ${sends("1 hour")}) as hour_count,
      (select count(*)::int ${sends("24 hours")}) as day_count,
      (select max(s.sent_at) ${sends("24 hours")}) as last_at,
      (select s.sent_at + interval '1 hour' ${sends("1 hour")} order by s.sent_at desc offset greatest(w.send_hour_cap - 1, 0) limit 1) as hour_edge,
      (select s.sent_at + interval '24 hours' ${sends("24 hours")} order by s.sent_at desc offset greatest(w.send_day_cap - 1, 0) limit 1) as day_edge
    from whatsapps w where w.id = ${whatsappId}
  `)) as unknown as Row[];
  if (!r) return null;
  return {
    minGapSeconds: r.gap,
    hourCap: r.hour_cap,
    dayCap: r.day_cap,
    hourCount: r.hour_count,
    dayCount: r.day_count,
    lastAt: date(r.last_at),
    hourFreesAt: date(r.hour_edge),
    dayFreesAt: date(r.day_edge),
    pausedUntil: date(r.paused_until),
    pauseReason: r.pause_reason,
  };
}

/**
 * Writes the pause the page and the campaign report show (null: sending again); only on a change,
 * which the company's users hear of (the connections page).
 */
export async function writePause(db: DbOrTx, ref: { id: number; companyId: number }, pause: PaceVerdict["pause"]) {
  const changed = (await db.execute(sql`
    update whatsapps set send_paused_until = ${pause?.until.toISOString() ?? null}::timestamptz, send_pause_reason = ${pause?.reason ?? null}
    where id = ${ref.id}
      and (send_pause_reason is distinct from ${pause?.reason ?? null}
        or send_paused_until is distinct from ${pause?.until.toISOString() ?? null}::timestamptz)
    returning id
  `)) as unknown as unknown[];
  if (changed.length) await publishConnection(db, ref);
}

// the connections page, and the reports of the campaigns running on it ("paused until HH:MM")
async function publishConnection(db: DbOrTx, ref: { id: number; companyId: number }) {
  const [row] = await loadConnections(db, ref.companyId, [ref.id]);
  if (row) await publish(connectionUpdated(ref.companyId, row));
  const running = (await db.execute(sql`
    select id from campaigns where whatsapp_id = ${ref.id} and company_id = ${ref.companyId} and status = 'EM_ANDAMENTO'
  `)) as unknown as { id: number }[];
  for (const c of running) await publishProgress(db, ref.companyId, c.id, { force: true });
}

/** WhatsApp refused a message with 463: the account is restricted; unsolicited sends stop a day. */
export async function pauseRestricted(db: DbOrTx, ref: { id: number; companyId: number }) {
  await db.execute(sql`
    update whatsapps set send_pause_reason = 'restricted',
      send_paused_until = now() + make_interval(hours => ${RESTRICTED_PAUSE_HOURS})
    where id = ${ref.id} and company_id = ${ref.companyId} and provider <> 'sandbox'
  `);
  await publishConnection(db, ref);
}

/** How long the pacer trusts what it read before reading the connection again. */
const REFRESH_MS = 5_000;
const PRUNE_MS = 3_600_000;

/**
 * One connection's pacer in the worker that holds its lease (only one does at a time, so its
 * memory is the truth between reads; a worker taking over reads the database first).
 */
export function createSendPacer(db: () => Db, ref: { id: number; companyId: number }, random: () => number = Math.random) {
  let state: PaceState | null = null;
  let readAt = 0;
  let prunedAt = 0;
  let gapUntil: Date | null = null;
  let shown: PaceVerdict["pause"] | undefined;

  async function refresh(now: number) {
    if (state && now - readAt < REFRESH_MS) return;
    state = await readPaceState(db(), ref.id);
    readAt = now;
    if (state?.lastAt && !gapUntil) gapUntil = new Date(state.lastAt.getTime() + state.minGapSeconds * 1000);
    if (now - prunedAt > PRUNE_MS) {
      prunedAt = now;
      await db().execute(sql`delete from whatsapp_sends where whatsapp_id = ${ref.id} and sent_at < now() - interval '2 days'`);
    }
  }

  return {
    /** how many unsolicited sends may go now; the pause is written when it changes */
    async room(): Promise<number> {
      const now = Date.now();
      await refresh(now);
      if (!state) return 0;
      const verdict = paceVerdict(state, new Date(now), gapUntil);
      const same = shown !== undefined && shown?.reason === verdict.pause?.reason && shown?.until.getTime() === verdict.pause?.until.getTime();
      // a gap's wait is no pause: what is shown stays until a send or a cap says otherwise
      if (!same && (verdict.pause || verdict.room > 0)) {
        await writePause(db(), ref, verdict.pause);
        shown = verdict.pause;
      }
      return verdict.room;
    },
    /** an unsolicited send went: counted, and the next waits the gap (with jitter) */
    async spent() {
      await db().execute(sql`insert into whatsapp_sends (company_id, whatsapp_id) values (${ref.companyId}, ${ref.id})`);
      const now = Date.now();
      if (state) {
        state = { ...state, hourCount: state.hourCount + 1, dayCount: state.dayCount + 1, lastAt: new Date(now) };
        gapUntil = new Date(now + state.minGapSeconds * 1000 * (1 + random() * PACE_JITTER));
        // the edges move with each send: read them again before the caps are judged
        if (state.hourCount >= state.hourCap || state.dayCount >= state.dayCap) readAt = 0;
      }
    },
  };
}

export type SendPacer = ReturnType<typeof createSendPacer>;

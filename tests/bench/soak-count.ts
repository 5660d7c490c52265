// The soak's verdict (tests/bench/whatsapp-soak.ts), computed from the database's rows and what
// reached the fake WhatsApp; the generator contributes only the set of messages the customers
// wrote (by wid, with how each arrived).
import { sql } from "drizzle-orm";
import { getDb } from "@/db";
import { getEnv } from "@/lib/env";
import type { Send, Written } from "./soak-world";

export type Verdict = {
  expected: number;
  /** customer messages (by connection and wid) written but not in `messages` */
  lost: number;
  /** extra `messages` rows of a customer wid, beyond the first */
  storedTwice: number;
  /** extra sends of one campaign row's wid on the fake WhatsApp, beyond the first; and the recipients concerned */
  campaignTwice: number;
  recipientsTwice: number;
  /** extra sends of one outbox row's wid (bot replies) beyond the first */
  outboxTwice: number;
  duplicated: number;
  /** held messages owed a bot turn that no message of ours (sent) follows in their ticket */
  unanswered: number;
  /** owed and answered, but only after the customer's next message: the turn for this one was lost */
  outOfTurn: number;
  owed: number;
  /** owed, but the guard lets the bot stay silent: a message of ours newer than it already in the ticket */
  excused: number;
  late: number;
  /** least gap (s) between two consecutive campaign sends on one connection: the fake socket's wall-clock times, and the rows' sent_at */
  minSpacing: number | null;
  minSpacingRows: number | null;
  campaignSends: number;
  botRows: number;
  botNotSent: number;
  strays: number;
  /** a few wids of each miss, for the investigation (the product log has the rest) */
  samples: { lost: string[]; duplicated: string[]; unanswered: string[]; outOfTurn: string[]; botFailed: string[] };
};

const countBy = <T>(xs: T[], key: (x: T) => string) => {
  const m = new Map<string, number>();
  for (const x of xs) m.set(key(x), (m.get(key(x)) ?? 0) + 1);
  return m;
};

/** The least gap between consecutive times (ms) of each group, in seconds. */
function minGap(groups: Map<number, number[]>): number | null {
  let min: number | null = null;
  for (const times of groups.values()) {
    times.sort((a, b) => a - b);
    for (let i = 1; i < times.length; i++) min = Math.min(min ?? Infinity, (times[i] - times[i - 1]) / 1000);
  }
  return min;
}

const grouped = <T>(xs: T[], key: (x: T) => number, value: (x: T) => number) => {
  const m = new Map<number, number[]>();
  for (const x of xs) m.set(key(x), [...(m.get(key(x)) ?? []), value(x)]);
  return m;
};

export async function countVerdict(companyId: number, written: Map<string, Written>, sends: Send[]): Promise<Verdict> {
  const db = getDb();
  const inbound = (await db.execute(sql`
    select whatsapp_id, wid from messages where company_id = ${companyId} and not from_me
  `)) as unknown as { whatsapp_id: number; wid: string }[];
  const stored = countBy(inbound, (r) => `${r.whatsapp_id}/${r.wid}`);
  const byWid = countBy(inbound, (r) => r.wid);
  const lostWids = [...written.values()].filter((w) => !stored.has(`${w.whatsappId}/${w.wid}`)).map((w) => w.wid);
  const storedTwice = [...written.keys()].reduce((n, wid) => n + Math.max(0, (byWid.get(wid) ?? 0) - 1), 0);

  const sent = countBy(sends, (s) => s.wid);
  const extra = (wid: string) => Math.max(0, (sent.get(wid) ?? 0) - 1);
  const campaign = (await db.execute(sql`
    select wid, shipping_id, whatsapp_id, sent_at from campaign_messages where company_id = ${companyId}
  `)) as unknown as { wid: string; shipping_id: number; whatsapp_id: number; sent_at: string | Date | null }[];
  const campaignTwice = campaign.reduce((n, r) => n + extra(r.wid), 0);
  const recipientsTwice = new Set(campaign.filter((r) => extra(r.wid) > 0).map((r) => r.shipping_id)).size;
  const bot = (await db.execute(sql`
    select wid, send_status from messages where company_id = ${companyId} and from_me
  `)) as unknown as { wid: string; send_status: string | null }[];
  const outboxTwice = bot.reduce((n, r) => n + extra(r.wid), 0);
  const twice = [...new Set([...campaign, ...bot].map((r) => r.wid).filter((wid) => extra(wid) > 0))];
  const known = new Set([...campaign.map((r) => r.wid), ...bot.map((r) => r.wid)]);

  // the held messages owed a turn, judged by the rules of lib/messages/held-guards.ts on the rows:
  // excused when a message of ours newer than it was already in the ticket (stored before it);
  // answered when a message of ours, sent, follows it in its ticket; answered in its turn when that
  // message comes before the customer's next one (else the bot only answered a later message)
  const owedRows = [...written.values()].filter((w) => w.owed).map((w) => ({ w: w.whatsappId, wid: w.wid }));
  const ours = (cond: string) => sql.raw(`exists (select 1 from messages b where b.ticket_id = o.ticket_id and b.from_me
    and b.id > o.id and coalesce(b.send_status, 'sent') = 'sent' ${cond})`);
  const judged = (await db.execute(sql`
    with owed as (
      select m.id, m.ticket_id, m.created_at, m.wid,
        (select min(n.id) from messages n where n.ticket_id = m.ticket_id and not n.from_me and n.id > m.id) as next_id
      from messages m
      join jsonb_to_recordset(${JSON.stringify(owedRows)}::jsonb) as x(w int, wid text) on m.whatsapp_id = x.w and m.wid = x.wid
      where m.company_id = ${companyId} and not m.from_me
    )
    select o.wid,
      o.created_at < now() - make_interval(mins => ${getEnv().HELD_REPLY_MAX_AGE_MIN}) as late,
      exists (select 1 from messages a where a.ticket_id = o.ticket_id and a.from_me and a.id < o.id and a.created_at > o.created_at) as excused,
      ${ours("")} as answered,
      ${ours("and (o.next_id is null or b.id < o.next_id)")} as in_turn
    from owed o
  `)) as unknown as { wid: string; late: boolean; excused: boolean; answered: boolean; in_turn: boolean }[];
  const late = judged.filter((j) => j.late).length;
  const excused = judged.filter((j) => !j.late && j.excused).length;
  const due = judged.filter((j) => !j.late && !j.excused);
  const unanswered = due.filter((j) => !j.answered).map((j) => j.wid);
  const outOfTurn = due.filter((j) => j.answered && !j.in_turn).map((j) => j.wid);

  const campaignWids = new Set(campaign.map((r) => r.wid));
  const campaignSends = sends.filter((s) => campaignWids.has(s.wid));
  const rowsSent = campaign.filter((r) => r.sent_at !== null);
  return {
    expected: written.size,
    lost: lostWids.length,
    storedTwice,
    campaignTwice,
    recipientsTwice,
    outboxTwice,
    duplicated: storedTwice + campaignTwice + outboxTwice,
    unanswered: unanswered.length,
    outOfTurn: outOfTurn.length,
    owed: owedRows.length,
    excused,
    late,
    minSpacing: minGap(grouped(campaignSends, (s) => s.whatsappId, (s) => s.at)),
    minSpacingRows: minGap(grouped(rowsSent, (r) => r.whatsapp_id, (r) => new Date(r.sent_at!).getTime())),
    campaignSends: campaignSends.length,
    botRows: bot.length,
    botNotSent: bot.filter((r) => r.send_status !== "sent").length,
    strays: sends.filter((s) => !known.has(s.wid)).length,
    samples: {
      lost: lostWids.slice(0, 5),
      duplicated: twice.slice(0, 5),
      unanswered: unanswered.slice(0, 5),
      outOfTurn: outOfTurn.slice(0, 5),
      botFailed: bot.filter((r) => r.send_status === "failed").map((r) => r.wid).slice(0, 5),
    },
  };
}

/** Live figures for the progress lines (null while the database is away). */
export async function liveCounts(companyId: number) {
  const [r] = (await getDb().execute(sql`
    select
      (select count(*)::int from messages where company_id = ${companyId} and not from_me) as stored,
      (select count(*)::int from messages where company_id = ${companyId} and from_me) as bot,
      (select count(*)::int from messages where company_id = ${companyId} and from_me and send_status in ('pending', 'sending')) as outbox,
      (select count(*)::int from whatsapp_inbox where company_id = ${companyId}) as inbox,
      (select count(*)::int from campaign_messages where company_id = ${companyId} and send_status = 'sent') as campaign,
      (select count(*)::int from campaign_messages where company_id = ${companyId} and send_status = 'sending') as campaign_sending,
      (select count(*)::int from whatsapps where company_id = ${companyId} and provider = 'beta' and status = 'CONNECTED') as connected
  `)) as unknown as { stored: number; bot: number; outbox: number; inbox: number; campaign: number; campaign_sending: number; connected: number }[];
  return r;
}

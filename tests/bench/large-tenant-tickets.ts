// Tickets, messages, tags, tracking and ratings of one bench company, set-based (see large-tenant.ts).
import type { TransactionSql } from "postgres";
import { RARE_WORD } from "./large-tenant-text";
import type { TenantSize } from "./large-tenant";

type Input = {
  companyId: number;
  size: TenantSize;
  queueIds: number[];
  whatsappIds: number[];
  tagIds: number[];
  adminId: number;
  agentIds: number[];
  bodies: string[];
};

const RARE_SHARE = 1 / 20000;

/** Fills the company's tickets and everything hanging off them; answers the long tickets' ids. */
export async function fillTickets(tx: TransactionSql, x: Input): Promise<number[]> {
  const { companyId: company, size: s } = x;
  const [{ tb }] = await tx`select coalesce(max(id), 0) as tb from tickets`;
  const [{ cb }] = await tx`select min(id) - 1 as cb from contacts where company_id = ${company}`;
  // each contact has tickets in `rounds` rounds; at most one of them (its chosen round) is not
  // closed, which keeps the one-open-ticket-per-contact-and-connection index satisfied
  const rounds = Math.ceil(s.tickets / s.contacts);
  const stride = Math.floor(s.tickets / s.longConversations);
  const avg = (s.messages - s.longConversations * s.longConversationSize) / (s.tickets - s.longConversations);
  await tx`select setseed(0.42)`;
  await tx`create temp table bench_bodies (i int primary key, body text not null) on commit drop`;
  await tx`insert into bench_bodies select i, b from unnest(${x.bodies}::text[]) with ordinality as u(b, i)`;
  await tx`create temp table bench_plan on commit drop as
    with a as (
      select n, ${tb}::int + n as id, ${cb}::int + 1 + (n - 1) % ${s.contacts} as contact_id, (n - 1) / ${s.contacts} as round,
             random() as r_status, random() as r_q, random() as r_user, random() as r_time, random() as r_dur,
             random() as r_len, random() as r_unread, random() as r_wait, random() as r_rate, random() as r_last
      from generate_series(1, ${s.tickets}) n
    ), b as (
      select *,
        case when round <> (contact_id * 7) % ${rounds} or r_status >= 0.20 * ${rounds} then 'closed'
             when r_status < 0.05 * ${rounds} then 'pending' else 'open' end as status,
        case when r_q < 0.05 then null else floor((r_q - 0.05) / 0.95 * ${s.queues})::int end as qi
      from a
    ), c as (
      select *, now() - r_time * case status when 'pending' then interval '3 days' when 'open' then interval '14 days'
                                    else interval '180 days' end as updated_at,
             coalesce(qi, 0) + ${s.queues} * floor(r_user * ceil(${s.agents}::float / ${s.queues}))::int as k
      from b
    )
    select id, contact_id, status, updated_at, updated_at - (interval '1 minute' + r_dur * interval '2 days') as created_at,
      (${x.queueIds}::int[])[qi + 1] as queue_id,
      (${x.whatsappIds}::int[])[1 + id % ${s.connections}] as whatsapp_id,
      case when status = 'pending' then null when r_user < 0.01 then ${x.adminId}::int
           when qi is null then (${x.agentIds}::int[])[1 + floor(r_user * ${s.agents})::int]
           else (${x.agentIds}::int[])[1 + case when k < ${s.agents} then k else qi % ${s.agents} end] end as user_id,
      case when n % ${stride} = 0 then ${s.longConversationSize} else 1 + floor(r_len * (2 * ${avg}::float8 - 1))::int end as msg_count,
      case status when 'pending' then 1 + floor(r_unread * 5)::int when 'open' then floor(r_unread * 4)::int else 0 end as unread,
      r_wait * interval '30 minutes' as wait,
      case when status = 'closed' and r_rate < 0.2 then 1 + floor(r_rate * 15)::int end as rate,
      1 + floor(r_last * ${x.bodies.length})::int as last_body
    from c`;
  await tx`update bench_plan set unread = least(unread, msg_count)`;
  await tx`insert into tickets (id, company_id, contact_id, whatsapp_id, queue_id, user_id, status, unread_messages,
      last_message, chatbot, created_at, updated_at)
    select p.id, ${company}, p.contact_id, p.whatsapp_id, p.queue_id, p.user_id, p.status, p.unread, b.body,
      p.status = 'pending' and p.queue_id is null, p.created_at, p.updated_at
    from bench_plan p join bench_bodies b on b.i = p.last_body`;
  await tx`select setval(pg_get_serial_sequence('tickets', 'id'), (select max(id) from tickets))`;
  await fillMessages(tx, company, x.bodies.length);
  await tx`insert into ticket_tags (ticket_id, tag_id, company_id)
    select id, (${x.tagIds}::int[])[1 + floor(random() * ${x.tagIds.length})::int], ${company}::int from bench_plan where random() < 0.3
    union all
    select id, (${x.tagIds}::int[])[1 + floor(random() * ${x.tagIds.length})::int], ${company}::int from bench_plan where random() < 0.1
    on conflict do nothing`;
  // one tracking cycle per ticket (the tracking contract in the issue brief)
  await tx`insert into ticket_tracking (company_id, ticket_id, whatsapp_id, user_id, queue_id, queued_at, started_at,
      finished_at, rating_at, rated, created_at, updated_at)
    select ${company}::int, id, whatsapp_id, user_id, queue_id, created_at,
      case when status <> 'pending' then created_at + least(wait, (updated_at - created_at) / 2) end,
      case when status = 'closed' then updated_at end, case when rate is not null then updated_at end,
      rate is not null, created_at, updated_at
    from bench_plan`;
  await tx`insert into user_ratings (company_id, ticket_id, user_id, rate, created_at)
    select ${company}::int, id, user_id, rate, updated_at + interval '3 minutes' from bench_plan where rate is not null`;
  return (await tx`select id from bench_plan where msg_count = ${s.longConversationSize} order by id`).map((r) => r.id as number);
}

async function fillMessages(tx: TransactionSql, company: number, bodies: number) {
  // message g of a ticket is at created_at + (g / count) of its life, so the last one is at
  // updated_at and carries the ticket's last_message; the `unread` newest are inbound and unread
  await tx`insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me, read, ack,
      media_type, media_url, created_at, updated_at)
    with m as (
      select p.*, g, random() as r1, random() as r2, random() as r3
      from bench_plan p, generate_series(1, p.msg_count) g
    )
    select ${company}::int, m.id, case when m.from_me then null else m.contact_id end, m.whatsapp_id, 'BENCH' || m.id || '.' || m.g,
      case when m.g = m.msg_count then lb.body else b.body || case when m.r3 < ${RARE_SHARE} then ' ' || ${RARE_WORD} else '' end end,
      m.from_me, m.g <= m.msg_count - m.unread, case when m.from_me then 3 else 0 end,
      case when m.r3 > 0.97 then (array['image', 'audio', 'application'])[1 + floor((m.r3 - 0.97) * 100)::int] end,
      case when m.r3 > 0.97 then ${company} || '/bench/' || m.id || '-' || m.g end,
      m.at, m.at
    from (
      select m.*, m.g > 1 and m.g <= m.msg_count - m.unread and m.r1 < 0.5 as from_me,
             m.created_at + (m.updated_at - m.created_at) * (m.g::float8 / m.msg_count) as at
      from m
    ) m
    join bench_bodies b on b.i = 1 + floor(m.r2 * ${bodies})::int
    join bench_bodies lb on lb.i = m.last_body`;
}

import { RATING_WINDOW_HOURS } from "./texts";

// The rating answer as ONE statement (ingest is a hot path: only bare 1/2/3 messages pay for it):
//   target    the contact's newest closed ticket on this connection whose current rating question
//             (ticket_tracking.rating_at) is under 24 h old and unanswered, when the contact has no
//             non-closed ticket there since and this message is not stored yet (a replay)
//   rated     marks the cycle rated; the `not rated` guard is re-checked after waiting on a
//             concurrent answer's lock, so of two "1"s at once exactly one gets a row
//   rating    the agent's rating (the ticket's agent, else the cycle's)
//   answer    the customer's message, stored on the CLOSED ticket (it is not reopened)
//   farewell  the connection's completion message, when it has one, to the outbox
// Nothing is written unless `rated` wins; the caller then ingests the message as any other.
export const RATING_SQL = `
with target as (
  select tt.id as tracking_id, t.id as ticket_id, t.queue_id, coalesce(t.user_id, tt.user_id) as user_id,
    c.id as contact_id, c.name as contact_name
  from contacts c
    join tickets t on t.contact_id = c.id and t.company_id = $1 and t.whatsapp_id = $2 and t.status = 'closed'
    join ticket_tracking tt on tt.ticket_id = t.id and tt.company_id = $1
  where c.company_id = $1 and c.number = $4
    and tt.rating_at > now() - interval '${RATING_WINDOW_HOURS} hours' and not tt.rated
    and not exists (select 1 from tickets o where o.contact_id = c.id and o.whatsapp_id = $2 and o.status <> 'closed')
    and not exists (select 1 from messages m where m.whatsapp_id = $2 and m.wid = $3)
  order by tt.rating_at desc, tt.id desc
  limit 1
),
rated as (
  update ticket_tracking tt set rated = true, updated_at = now()
  from target
  where tt.id = target.tracking_id and not tt.rated
  returning target.ticket_id, target.queue_id, target.user_id, target.contact_id, target.contact_name
),
rating as (
  insert into user_ratings (company_id, ticket_id, user_id, rate)
  select $1, ticket_id, user_id, $6 from rated
  returning id
),
answer as (
  insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me, read, data_json, ack, created_at)
  select $1, ticket_id, contact_id, $2, $3, $5, false, true, $8::text::jsonb, 0, $7::timestamptz from rated
  on conflict (whatsapp_id, wid) do nothing
  returning id, created_at
),
farewell as (
  insert into messages (company_id, ticket_id, whatsapp_id, wid, body, from_me, read, send_status, ack)
  select $1, r.ticket_id, $2, $9, trim(w.complation_message), true, true, 'pending', 0
  from rated r join whatsapps w on w.id = $2 and w.company_id = $1
  where trim(w.complation_message) <> ''
  returning id, wid, body, created_at
)
select r.ticket_id as "ticketId", r.queue_id as "queueId", r.contact_id as "contactId", r.contact_name as "contactName",
  (select id from rating) as "ratingId",
  a.id as "messageId", a.created_at as "createdAt",
  f.id as "farewellId", f.wid as "farewellWid", f.body as "farewellBody", f.created_at as "farewellAt"
from rated r left join answer a on true left join farewell f on true
`;

export type RatingRow = {
  ticketId: number;
  queueId: number | null;
  contactId: number;
  contactName: string;
  ratingId: number;
  messageId: string | number | null;
  createdAt: Date | null;
  farewellId: string | number | null;
  farewellWid: string | null;
  farewellBody: string | null;
  farewellAt: Date | null;
};

// The company of the scale-out proof and what the harness reads back from the database: who holds
// which connection, what arrived, what went out to the simulated phones.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { getDb } from "@/db";
import { users, whatsapps } from "@/db/schema";
import { createTenant, createUsers, type Tenant } from "../helpers/factories";

/** admins: one per front (a login ends the same user's other session) */
export type World = { tenant: Tenant; connectionIds: number[]; admins: { email: string; password: string }[] };

/** A company with `count` sandbox connections, none started yet, no greeting and no chatbot (replies are the agents'). */
export async function createWorld(count: number): Promise<World> {
  const tenant = await createTenant({ chatbot: false });
  const db = getDb();
  await db.update(whatsapps).set({ greetingMessage: "", status: "DISCONNECTED" }).where(sql`${whatsapps.id} = ${tenant.whatsappId}`);
  const more = await db
    .insert(whatsapps)
    .values(
      Array.from({ length: count - 1 }, (_, i) => ({
        companyId: tenant.companyId,
        name: `Scale ${i + 2}`,
        provider: "sandbox",
        status: "DISCONNECTED",
        greetingMessage: "",
        token: randomBytes(24).toString("base64url"),
      })),
    )
    .returning({ id: whatsapps.id });
  const [second] = await createUsers(tenant.companyId, 1, "Second admin");
  await db.update(users).set({ profile: "admin" }).where(sql`${users.id} = ${second.id}`);
  return { tenant, connectionIds: [tenant.whatsappId, ...more.map((r) => r.id)].sort((a, b) => a - b), admins: [tenant.admin, second] };
}

/** Asks every connection to start (as the connections page does) and wakes the workers. */
export async function requestStart(ids: number[]) {
  const db = getDb();
  await db.execute(sql`update whatsapps set session_request = 'start', session_requested_at = now() where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  await db.execute(sql`select pg_notify('whatsapp_session', '')`);
}

export async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return [...(await getDb().execute(query))] as T[];
}

/** Connection id → the worker holding a live lease on it (absent: nobody). */
export async function holders(ids: number[]) {
  const list = await rows<{ id: number; owner: string | null; status: string }>(sql`
    select id, case when lease_expires_at >= now() then lease_owner end as owner, status from whatsapps
    where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  return new Map(list.map((r) => [Number(r.id), { owner: r.owner, status: r.status }]));
}

/** The workers that registered (worker_processes), live ones first. */
export const liveWorkers = () => rows<{ id: string; pid: number; connections: number }>(sql`select id, pid, connections from worker_processes where stopped_at is null order by started_at`);

export const pendingQr = (ids: number[]) =>
  rows<{ id: number }>(sql`select whatsapp_id as id from sandbox_sessions where qr_code is not null and paired_at is null and whatsapp_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);

/** Inbound wid → its ticket, for the customers' messages that were ingested. */
export async function ingested(wids: string[]) {
  if (!wids.length) return new Map<string, number>();
  const list = await rows<{ wid: string; ticket_id: number; n: number }>(sql`
    select wid, min(ticket_id) as ticket_id, count(*)::int as n from messages
    where from_me = false and wid in (${sql.join(wids.map((w) => sql`${w}`), sql`, `)}) group by wid`);
  return new Map(list.map((r) => [r.wid, Number(r.ticket_id)]));
}

/** What the phones and the database say at the end (one company). */
export async function tally(companyId: number) {
  const [r] = await rows<Record<string, number>>(sql`select
    (select count(*)::int from sandbox_messages where company_id = ${companyId} and direction = 'out') as phone_out,
    (select count(*)::int from (select 1 from sandbox_messages where company_id = ${companyId} and direction = 'out' group by whatsapp_id, wid having count(*) > 1) d) as phone_dup,
    (select count(*)::int from (select 1 from messages where company_id = ${companyId} group by whatsapp_id, wid having count(*) > 1) d) as msg_dup,
    (select count(*)::int from messages where company_id = ${companyId} and from_me and send_status = 'sent') as sent,
    (select count(*)::int from messages where company_id = ${companyId} and from_me and send_attempts > 1) as retried,
    (select count(*)::int from messages where company_id = ${companyId} and from_me and coalesce(send_status, '') <> 'sent') as unsent`);
  return r;
}

/** Reply wids that reached their phone. */
export async function onPhones(companyId: number) {
  const list = await rows<{ wid: string }>(sql`select wid from sandbox_messages where company_id = ${companyId} and direction = 'out'`);
  return new Set(list.map((r) => r.wid));
}

/** When and on which connection these messages were stored. */
export async function storedAt(wids: string[]) {
  if (!wids.length) return [];
  const list = await rows<{ wid: string; whatsapp_id: number; from_me: boolean; created_at: string | Date }>(sql`
    select wid, whatsapp_id, from_me, created_at from messages where wid in (${sql.join(wids.map((w) => sql`${w}`), sql`, `)})`);
  return list.map((r) => ({ wid: r.wid, whatsappId: Number(r.whatsapp_id), fromMe: r.from_me, createdAt: new Date(r.created_at) }));
}

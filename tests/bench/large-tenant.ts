// Large-tenant generator (issue 7 part 9): one company with 100,000 tickets, 1,000,000 messages,
// 20,000 contacts and 50 agents in 10 queues, among 3 small companies. Set-based SQL only (insert
// ... select from generate_series), so the whole set builds in about a minute. Reused by the
// tickets benchmark and the dashboard. CLI (builds into the database at the URL, kept afterwards):
//   node --import tsx tests/bench/large-tenant.ts postgres://postgres@127.0.0.1:5432/bench_tickets
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import type { Sql, TransactionSql } from "postgres";
import { hashPassword } from "@/lib/auth/password";
import { DEFAULT_SETTINGS } from "@/lib/companies/default-settings";
import { FIRST_NAMES, LAST_NAMES, QUEUE_NAMES, TAG_NAMES, messageBodies } from "./large-tenant-text";
import { fillTickets } from "./large-tenant-tickets";

export type TenantSize = {
  tickets: number;
  messages: number;
  contacts: number;
  agents: number;
  queues: number;
  connections: number;
  tags: number;
  /** tickets with `longConversationSize` messages each (deep message pages) */
  longConversations: number;
  longConversationSize: number;
};

export const LARGE: TenantSize = {
  tickets: 100_000, messages: 1_000_000, contacts: 20_000, agents: 50, queues: 10, connections: 3, tags: 15,
  longConversations: 100, longConversationSize: 1000,
};
export const SMALL: TenantSize = {
  tickets: 300, messages: 3000, contacts: 100, agents: 3, queues: 2, connections: 1, tags: 5,
  longConversations: 1, longConversationSize: 100,
};

export type BenchUser = { id: number; name: string; email: string; password: string; profile: "admin" | "user"; queueIds: number[] };
export type BenchTenant = {
  companyId: number;
  slug: string;
  admin: BenchUser;
  agents: BenchUser[];
  queueIds: number[];
  whatsappIds: number[];
  tagIds: number[];
  /** the tickets with `longConversationSize` messages */
  longTicketIds: number[];
  size: TenantSize;
};

// Credentials are derived from the slug, so a kept database can be reused without a record of them.
const email = (slug: string, who: string) => `${who}@${slug}.bench.example`;
const password = (slug: string) => `bench-${slug}`;
const companyName = (slug: string) => `Bench ${slug}`;

/** One company of the given size, in one transaction. */
export async function generateTenant(sql: Sql, slug: string, size: TenantSize): Promise<BenchTenant> {
  const hash = await hashPassword(password(slug));
  return sql.begin(async (tx) => {
    const [plan] = await tx`insert into plans (name, users, connections, queues, value) values ('Bench', 1000, 100, 100, 0)
      on conflict (name) do update set users = excluded.users returning id`;
    const [company] = await tx`insert into companies (name, email, plan_id, due_date)
      values (${companyName(slug)}, ${email(slug, "admin")}, ${plan.id}, '2099-12-31') returning id`;
    const companyId: number = company.id;
    await tx`insert into settings ${tx(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ company_id: companyId, key, value })))}`;
    const people = [
      { company_id: companyId, name: `Admin ${slug}`, email: email(slug, "admin"), password_hash: hash, profile: "admin", all_ticket: "enable" },
      ...Array.from({ length: size.agents }, (_, k) => ({
        company_id: companyId, name: `Agente ${String(k + 1).padStart(2, "0")} ${slug}`, email: email(slug, `agent${k + 1}`),
        password_hash: hash, profile: "user", all_ticket: "disable",
      })),
    ];
    const userRows = await tx`insert into users ${tx(people)} returning id, name, email, profile`;
    const queueIds = (
      await tx`insert into queues ${tx(Array.from({ length: size.queues }, (_, i) => ({
        company_id: companyId, name: QUEUE_NAMES[i] ?? `Fila ${i + 1}`, order_queue: i + 1,
        color: `#${((i * 2654435 + 0x3b82f6) % 0xffffff).toString(16).padStart(6, "0")}`,
      })))} returning id`
    ).map((r) => r.id as number);
    // agent k attends queue k % Q, even agents also (k + 3) % Q; the admin attends every queue
    const memberships = (k: number) => [...new Set([k % size.queues, ...(k % 2 === 0 ? [(k + 3) % size.queues] : [])])].map((q) => queueIds[q]);
    const users: BenchUser[] = userRows.map((u, i) => ({
      id: u.id, name: u.name, email: u.email, password: password(slug), profile: u.profile,
      queueIds: i === 0 ? queueIds : memberships(i - 1),
    }));
    await tx`insert into user_queues ${tx(users.flatMap((u) => u.queueIds.map((q) => ({ user_id: u.id, queue_id: q, company_id: companyId }))))}`;
    const whatsappIds = (
      await tx`insert into whatsapps ${tx(Array.from({ length: size.connections }, (_, i) => ({
        company_id: companyId, name: `Conexão ${i + 1}`, provider: "sandbox", status: "CONNECTED",
        token: `bench-${slug}-${i}-${Math.random().toString(36).slice(2)}`, is_default: i === 0,
      })))} returning id`
    ).map((r) => r.id as number);
    const tagIds = (
      await tx`insert into tags ${tx(TAG_NAMES.slice(0, size.tags).map((name, i) => ({
        company_id: companyId, name, color: `#${((i * 5308417 + 0x10b981) % 0xffffff).toString(16).padStart(6, "0")}`,
      })))} returning id`
    ).map((r) => r.id as number);
    await fillContacts(tx, companyId, size.contacts, whatsappIds[0]);
    const longTicketIds = await fillTickets(tx, {
      companyId, size, queueIds, whatsappIds, tagIds, adminId: users[0].id, agentIds: users.slice(1).map((u) => u.id), bodies: messageBodies(),
    });
    return { companyId, slug, admin: users[0], agents: users.slice(1), queueIds, whatsappIds, tagIds, longTicketIds, size };
  });
}

async function fillContacts(tx: TransactionSql, companyId: number, n: number, whatsappId: number) {
  // the 8 final digits are i * 7919 mod 10^8: distinct for every i (7919 is prime to 10)
  await tx`insert into contacts (company_id, name, number, whatsapp_id, created_at, updated_at)
    select ${companyId}, (${FIRST_NAMES}::text[])[1 + floor(random() * ${FIRST_NAMES.length})::int] || ' ' ||
           (${LAST_NAMES}::text[])[1 + floor(random() * ${LAST_NAMES.length})::int],
           '55' || (11 + i % 80) || '9' || lpad(((i::bigint * 7919) % 100000000)::text, 8, '0'),
           ${whatsappId}, now() - interval '200 days', now() - random() * interval '180 days'
    from generate_series(1, ${n}) i`;
}

/** The large company and three small ones; prints the build time. */
export async function generateLargeTenant(sql: Sql, opts: { size?: TenantSize; smallCompanies?: number; log?: boolean } = {}) {
  const t0 = performance.now();
  const log = (s: string) => opts.log !== false && console.log(`[large-tenant] ${s} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  const small: BenchTenant[] = [];
  for (let i = 0; i < (opts.smallCompanies ?? 3); i++) small.push(await generateTenant(sql, `small${i + 1}`, SMALL));
  log(`${small.length} small companies`);
  const large = await generateTenant(sql, "large", opts.size ?? LARGE);
  log(`large company ${large.companyId}: ${large.size.tickets} tickets, ~${large.size.messages} messages`);
  // fresh tables have no statistics: a live database has them (autovacuum), so plans match production
  await sql`vacuum analyze`;
  const seconds = (performance.now() - t0) / 1000;
  log("vacuum analyze");
  return { large, small, seconds };
}

/** A tenant generateTenant built earlier in this database, by slug ("large", "small1", ...). */
export async function loadTenant(sql: Sql, slug: string, size: TenantSize = slug === "large" ? LARGE : SMALL): Promise<BenchTenant | null> {
  const [company] = await sql`select id from companies where name = ${companyName(slug)}`;
  if (!company) return null;
  const users = await sql`select u.id, u.name, u.email, u.profile, coalesce(array_agg(q.queue_id order by q.queue_id)
      filter (where q.queue_id is not null), '{}') as queue_ids
    from users u left join user_queues q on q.user_id = u.id where u.company_id = ${company.id} group by u.id order by u.id`;
  const ids = async (table: string) => (await sql`select id from ${sql(table)} where company_id = ${company.id} order by id`).map((r) => r.id as number);
  const longTicketIds = (
    await sql`select ticket_id from messages where company_id = ${company.id} group by ticket_id
      having count(*) >= ${size.longConversationSize} order by ticket_id`
  ).map((r) => r.ticket_id as number);
  const all: BenchUser[] = users.map((u) => ({ id: u.id, name: u.name, email: u.email, profile: u.profile, password: password(slug), queueIds: u.queue_ids }));
  return {
    companyId: company.id, slug, admin: all[0], agents: all.slice(1), queueIds: await ids("queues"),
    whatsappIds: await ids("whatsapps"), tagIds: await ids("tags"), longTicketIds, size,
  };
}

// CLI: build into the database at argv[2] or BENCH_DB_URL (created and migrated when missing)
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { openBenchDatabase } = await import("./bench-db");
  const db = await openBenchDatabase(process.argv[2] ?? process.env.BENCH_DB_URL, { keep: true });
  try {
    if (await loadTenant(db.sql, "large")) console.log(`already built in ${db.url}`);
    else console.log(`built in ${(await generateLargeTenant(db.sql)).seconds.toFixed(1)} s into ${db.url}`);
  } finally {
    await db.close();
  }
}

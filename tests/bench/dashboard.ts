// Benchmark of the dashboard (issue 8 part 4): GET /api/dashboard (30 and 90 days), ticketsUsers
// and ticketsDay through the real route handlers in-process, on the large tenant of
// large-tenant.ts (100,000 tickets with their tracking cycles and ratings, 1,000,000 messages).
// Prints p50/p95 ms; asserts nothing. Target: under 200 ms. Usage:
//   node --import tsx tests/bench/dashboard.ts [postgres://.../kept_db]
// With no URL a scratch database is built and dropped. BENCH_ROUNDS varies the calls per line;
// BENCH_EXPLAIN=1 prints the plans of the statements; BENCH_CANDIDATE_INDEXES=1 also measures
// again after creating the indexes proposed for the schema (CANDIDATE_INDEXES below).
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { closeDb } from "@/db";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as dashboard } from "@/app/api/dashboard/route";
import { GET as ticketsDay } from "@/app/api/dashboard/ticketsDay/route";
import { GET as ticketsUsers } from "@/app/api/dashboard/ticketsUsers/route";
import { addDaysToDate, todayIn } from "@/lib/dates/today";
import { call, type Handler } from "../helpers/http";
import { openBenchDatabase } from "./bench-db";
import { generateLargeTenant, loadTenant } from "./large-tenant";
import { pct, record } from "./report";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);

process.env.AUTH_SECRET ??= randomBytes(24).toString("hex");
process.env.REFRESH_SECRET ??= randomBytes(24).toString("hex");

// what the dashboard would like beyond the schema's indexes (see the issue 8 report). Ratings by
// (company_id, created_at) were tried too: the planner keeps a scan of the company's ratings.
const CANDIDATE_INDEXES = [
  // wait times and conversations per user: cycles started in a range (covering: index-only)
  "create index if not exists ticket_tracking_company_started_idx on ticket_tracking (company_id, started_at, queued_at, user_id)",
  // finished cycles per user: the schema's (company_id, finished_at) index made covering
  "create index if not exists ticket_tracking_company_finished_cover_idx on ticket_tracking (company_id, finished_at, started_at, user_id)",
  // new contacts of a range (also the contacts page's date filters)
  "create index if not exists contacts_company_created_idx on contacts (company_id, created_at)",
];

async function time(label: string, fn: () => Promise<{ status: number }>) {
  for (let i = 0; i < 5; i++) {
    const res = await fn(); // warm-up, and a check that the call works at all
    if (res.status !== 200) throw new Error(`${label}: status ${res.status} ${JSON.stringify(res)}`);
  }
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  const q = (p: number) => pct(samples, p).toFixed(1);
  record({ measure: `${label} p95`, figure: pct(samples, 0.95), unit: "ms" });
  console.log(`${label.padEnd(46)} p50 ${q(0.5).padStart(6)} ms   p95 ${q(0.95).padStart(6)} ms   max ${q(1).padStart(6)} ms`);
}

async function runAll(token: string) {
  const today = todayIn();
  const get = (handler: unknown, url: string) => () => call(handler as Handler, { url, token });
  const range = (days: number) => `initialDate=${addDaysToDate(today, 1 - days)}&finalDate=${today}`;
  await time("GET /api/dashboard?days=30", get(dashboard, "/api/dashboard?days=30"));
  await time("GET /api/dashboard?days=90", get(dashboard, "/api/dashboard?days=90"));
  await time("GET /api/dashboard date_from..date_to (30 days)", get(dashboard, `/api/dashboard?date_from=${addDaysToDate(today, -29)}&date_to=${today}`));
  await time("GET /api/dashboard/ticketsUsers (30 days)", get(ticketsUsers, `/api/dashboard/ticketsUsers?${range(30)}`));
  await time("GET /api/dashboard/ticketsUsers (90 days)", get(ticketsUsers, `/api/dashboard/ticketsUsers?${range(90)}`));
  await time("GET /api/dashboard/ticketsDay (30 days)", get(ticketsDay, `/api/dashboard/ticketsDay?${range(30)}`));
  await time("GET /api/dashboard/ticketsDay (90 days)", get(ticketsDay, `/api/dashboard/ticketsDay?${range(90)}`));
  await time("GET /api/dashboard/ticketsDay (today, per hour)", get(ticketsDay, `/api/dashboard/ticketsDay?${range(1)}`));
}

async function main() {
  const db = await openBenchDatabase(process.argv[2] ?? process.env.BENCH_DB_URL);
  process.env.DATABASE_URL = db.url;
  try {
    const large = (await loadTenant(db.sql, "large")) ?? (await generateLargeTenant(db.sql)).large;
    const [counts] = await db.sql`select (select count(*) from tickets where company_id = ${large.companyId}) as tickets,
      (select count(*) from ticket_tracking where company_id = ${large.companyId}) as cycles,
      (select count(*) from user_ratings where company_id = ${large.companyId}) as ratings,
      (select count(*) from messages where company_id = ${large.companyId}) as messages`;
    console.log(`large company ${large.companyId}: ${counts.tickets} tickets, ${counts.cycles} cycles, ${counts.ratings} ratings, ${counts.messages} messages`);
    const res = await call(login as Handler, { method: "POST", url: "/api/auth/login", body: { email: large.admin.email, password: large.admin.password } });
    if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
    // a kept database may hold them from an earlier run: measure the schema's indexes alone first
    if (process.env.BENCH_CANDIDATE_INDEXES === "1") {
      for (const statement of CANDIDATE_INDEXES) await db.sql.unsafe(`drop index if exists ${statement.split(" ")[5]}`);
    }
    console.log(`${ROUNDS} calls per line, the schema's indexes:`);
    await runAll(res.body.token);
    if (process.env.BENCH_EXPLAIN === "1") await explain(db.sql, large.companyId);
    if (process.env.BENCH_CANDIDATE_INDEXES === "1") {
      for (const statement of CANDIDATE_INDEXES) await db.sql.unsafe(statement);
      await db.sql`analyze`;
      console.log("with the candidate indexes:");
      await runAll(res.body.token);
      if (process.env.BENCH_EXPLAIN === "1") await explain(db.sql, large.companyId);
    }
  } finally {
    await closeDb();
    await db.close();
  }
}

// the plans of the heaviest statements (90 days), to see which index each one uses
async function explain(sql: Awaited<ReturnType<typeof openBenchDatabase>>["sql"], companyId: number) {
  const { boundsOf } = await import("@/lib/dashboard/range");
  const today = todayIn();
  const b = boundsOf({ from: addDaysToDate(today, -89), to: today }, "America/Sao_Paulo");
  const [start, end] = [sql`${b.start}::timestamptz`, sql`${b.end}::timestamptz`];
  const statements = {
    finished: sql`explain analyze select user_id, count(*), count(started_at), extract(epoch from sum(finished_at - started_at))
      from ticket_tracking where company_id = ${companyId} and finished_at >= ${start} and finished_at < ${end} group by user_id`,
    openAtEnd: sql`explain analyze select count(*) filter (where started_at < ${end}), count(*) filter (where started_at is null or started_at >= ${end})
      from ticket_tracking where company_id = ${companyId} and created_at < ${end} and (finished_at is null or finished_at >= ${end})`,
    waits: sql`explain analyze select extract(epoch from sum(started_at - queued_at)), count(*) from ticket_tracking
      where company_id = ${companyId} and started_at >= ${start} and started_at < ${end} and queued_at < started_at`,
    perUser: sql`explain analyze select user_id, count(*) from ticket_tracking
      where company_id = ${companyId} and user_id is not null and started_at >= ${start} and started_at < ${end} group by user_id`,
    contacts: sql`explain analyze select count(*) from contacts where company_id = ${companyId} and not is_group and created_at >= ${start} and created_at < ${end}`,
    ratings: sql`explain analyze select user_id, avg(rate) from user_ratings where company_id = ${companyId} and created_at >= ${start} and created_at < ${end} group by user_id`,
  };
  for (const [name, statement] of Object.entries(statements)) {
    const rows = await statement;
    console.log(`-- ${name}\n${rows.map((r) => r["QUERY PLAN"]).join("\n")}`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

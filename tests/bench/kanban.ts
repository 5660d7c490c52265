// Benchmark of the kanban board's reads (issue 16 §1) on the large tenant of tests/bench/large-tenant.ts
// (100,000 tickets, 20,000 of them open or pending; 4 of its 15 tags made kanban lanes here):
// GET /api/ticket/kanban (each lane's first page and a deep page, as an admin and an agent, with a
// queue filter) and GET /api/tags/kanban through the real route handlers in-process, beside the
// bare SQL each request runs (captured and replayed with the same parameters). Prints figures and
// the query plans (EXPLAIN ANALYZE) of each request's slowest statement; asserts nothing.
//   node --import tsx tests/bench/kanban.ts          scratch database: built (~1.5 min), dropped
//   BENCH_DB_URL=postgres://postgres@127.0.0.1:5432/bench_kanban node --import tsx tests/bench/kanban.ts
//                                                     kept database: built on the first run only
// BENCH_ROUNDS (100 a scenario), BENCH_EXPLAIN=none leaves the plans out.
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { closeDb } from "@/db";
import { GET as kanbanTags } from "@/app/api/tags/kanban/route";
import { GET as kanbanTickets } from "@/app/api/ticket/kanban/route";
import { loginAs } from "../helpers/factories";
import { call, type Handler } from "../helpers/http";
import { openBenchDatabase } from "./bench-db";
import { generateLargeTenant, loadTenant } from "./large-tenant";
import { pct, record } from "./report";
import { capture, explain, installCapture, replay, timeEach, type Wave } from "./sql-capture";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const LANES = 4;

process.env.AUTH_SECRET ??= randomBytes(24).toString("hex");
process.env.REFRESH_SECRET ??= randomBytes(24).toString("hex");

type Scenario = { label: string; token: string; handler: Handler; url: string };
type Row = { s: Scenario; count: string; app: number[]; bare: number[]; waves: Wave[] };

async function samples(fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 5; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out.sort((a, b) => a - b);
}

const ms = (x: number) => x.toFixed(1).padStart(6);

async function measure(s: Scenario): Promise<Row> {
  const request = () => call(s.handler, { method: "GET", url: s.url, token: s.token });
  const { result, waves } = await capture(request);
  if (result.status !== 200) return { s, count: `HTTP ${result.status} ${JSON.stringify(result.body).slice(0, 60)}`, app: [], bare: [], waves };
  const count = result.body.lista ? `${result.body.lista.length} lanes` : String(result.body.count);
  return { s, count, app: await samples(request), bare: await samples(() => replay(waves)), waves };
}

async function main() {
  const t0 = performance.now();
  const db = await openBenchDatabase(process.env.BENCH_DB_URL);
  process.env.DATABASE_URL = db.url;
  try {
    let tenant = await loadTenant(db.sql, "large");
    if (!tenant) tenant = (await generateLargeTenant(db.sql)).large;
    else console.log(`reusing the dataset in ${db.url}`);
    const lanes = tenant.tagIds.slice(0, LANES);
    await db.sql`update tags set kanban = case when id = any(${lanes}::int[]) then 1 else 0 end where company_id = ${tenant.companyId}`;
    const agent = tenant.agents[0];
    const [admin, agentSession] = await Promise.all([loginAs(tenant.admin), loginAs(agent)]);
    const [stats] = await db.sql`select count(*) filter (where status <> 'closed') as board, count(*) as tickets from tickets where company_id = ${tenant.companyId}`;
    console.log(
      `large company ${tenant.companyId}: ${stats.tickets} tickets, ${stats.board} open or pending; lanes 'Em aberto' + tags ${lanes.join(",")}; ` +
        `agent ${agent.email} (queues ${agent.queueIds.join(",")}); ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const tokens = { admin: admin.token, agent: agentSession.token };
    const board = (label: string, who: keyof typeof tokens, query: string): Scenario => ({
      label, token: tokens[who], handler: kanbanTickets as Handler, url: `/api/ticket/kanban?${query}`,
    });
    const queues = encodeURIComponent(JSON.stringify(tenant.queueIds.slice(0, 2)));
    const scenarios: Scenario[] = [
      { label: "GET /api/tags/kanban · admin", token: tokens.admin, handler: kanbanTags as Handler, url: "/api/tags/kanban" },
      board("Em aberto · admin · p1", "admin", "lane=open&pageNumber=1"),
      board("Em aberto · admin · p50 (deep)", "admin", "lane=open&pageNumber=50"),
      board("Em aberto · agent · p1", "agent", "lane=open&pageNumber=1"),
      board("Em aberto · admin · 2 queues · p1", "admin", `lane=open&queueIds=${queues}&pageNumber=1`),
      ...lanes.flatMap((id, i) => [
        board(`tag lane ${i + 1} · admin · p1`, "admin", `lane=${id}&pageNumber=1`),
        ...(i === 0 ? [board(`tag lane ${i + 1} · admin · p10 (deep)`, "admin", `lane=${id}&pageNumber=10`), board(`tag lane ${i + 1} · agent · p1`, "agent", `lane=${id}&pageNumber=1`)] : []),
      ]),
      board("no lane (whole board) · admin · p1", "admin", "pageNumber=1"),
    ];
    installCapture();
    const rows: Row[] = [];
    for (const s of scenarios) {
      rows.push(await measure(s));
      process.stdout.write(".");
    }
    console.log(`\n${"scenario".padEnd(40)} ${"count".padStart(9)}   handler p50/p95   bare SQL p50/p95   rounds`);
    for (const r of rows) {
      if (!r.app.length) {
        console.log(`${r.s.label.padEnd(40)} ${r.count}`);
        continue;
      }
      const [app, bare] = [pct(r.app, 0.95), pct(r.bare, 0.95)];
      record({ measure: `kanban ${r.s.label} p95`, figure: app, unit: "ms", ratio: app / bare, ratioOf: `bare SQL ${bare.toFixed(1)} ms` });
      console.log(`${r.s.label.padEnd(40)} ${r.count.padStart(9)}   ${ms(pct(r.app, 0.5))} ${ms(pct(r.app, 0.95))} ms  ${ms(pct(r.bare, 0.5))} ${ms(pct(r.bare, 0.95))} ms  ${r.app.length}`);
    }
    console.log(`load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
    if (process.env.BENCH_EXPLAIN === "none") return;
    for (const r of rows) {
      if (!r.waves.length) continue;
      const each = await timeEach(r.waves);
      console.log(`\n## ${r.s.label}: ${each.length} statements; alone (median of 5):`);
      for (const e of each) console.log(`  ${ms(e.ms)} ms  ${e.statement.text.replace(/\s+/g, " ").slice(0, 140)}`);
      for (const line of await explain(each[0].statement, 30)) console.log(line);
    }
  } finally {
    await closeDb();
    await db.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

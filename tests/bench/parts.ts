// The parts of `npm run bench` (tests/bench/all.ts), in the order they run. Each is a script that
// also runs alone; `quick` shrinks it for a smoke run of the table.
export type Part = {
  name: string;
  about: string;
  script: string;
  env?: Record<string, string>;
  quick?: Record<string, string>;
  /** needs the production build (.next) */
  needsBuild?: boolean;
};

export const PARTS: Part[] = [
  { name: "auth", about: "authenticated request path (5,000 users)", script: "tests/bench/auth.ts", quick: { BENCH_USERS: "200", BENCH_ROUNDS: "50" } },
  { name: "ingest", about: "inbound messages, concurrency 16", script: "tests/bench/ingest.ts", quick: { BENCH_N: "500", BENCH_EXISTING: "100" } },
  { name: "tickets", about: "ticket lists and search, large tenant", script: "tests/bench/tickets.ts", env: { BENCH_EXPLAIN: "none" }, quick: { BENCH_ROUNDS: "20" } },
  { name: "kanban", about: "kanban lanes, large tenant", script: "tests/bench/kanban.ts", env: { BENCH_EXPLAIN: "none" }, quick: { BENCH_ROUNDS: "20" } },
  { name: "media", about: "media GET with its access lookup, large tenant", script: "tests/bench/media.ts", env: { BENCH_EXPLAIN: "none" }, quick: { BENCH_ROUNDS: "50" } },
  { name: "dashboard", about: "dashboard, large tenant", script: "tests/bench/dashboard.ts", quick: { BENCH_ROUNDS: "10" } },
  { name: "admin-lists", about: "super-admin lists (10,000 companies)", script: "tests/bench/admin-lists.ts", quick: { BENCH_COMPANIES: "500", BENCH_INVOICES: "200", BENCH_ROUNDS: "30" } },
  { name: "realtime", about: "realtime fan-out (1,000 clients)", script: "tests/bench/realtime.ts", quick: { BENCH_CLIENTS: "100", BENCH_EVENTS: "200" } },
  { name: "scale-out", about: "2 web, 3 workers, SIGTERM then SIGKILL", script: "tests/bench/scale-out.ts", needsBuild: true, quick: { SCALE_OUT_LEASE_MS: "5000" } },
  { name: "demo", about: "demo inbound to screen in Chromium (30 messages)", script: "tests/bench/demo-latency.ts", needsBuild: true, quick: { BENCH_N: "10" } },
  { name: "uploads", about: "web process RSS under 5 concurrent 50 MB uploads", script: "tests/bench/uploads.ts", needsBuild: true, quick: { BENCH_UPLOADS: "2", BENCH_UPLOAD_MB: "10" } },
  { name: "campaigns", about: "campaign dispatch (10,000 contacts)", script: "tests/bench/campaigns.ts", quick: { BENCH_N: "1000" } },
];

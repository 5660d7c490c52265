// `npm run bench`: runs every benchmark as its own process and prints one table (measure, figure,
// target, ratio to bare SQL where one applies, before = the previous run), and writes the same as
// JSON under .bench/ so two runs can be compared. Each script's full output goes to
// .bench/{stamp}/{part}.log. The large tenant (100k tickets, 1M messages) is built once into the
// kept database BENCH_DB_URL (default bench_large on the local server) and reused.
//   --only a,b   run only these parts      --skip a,b   leave these out
//   --quick      smaller runs (a smoke check of the table, not figures to quote)
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { PARTS, type Part } from "./parts";
import { formatTable, type TableRow } from "./table";

const args = process.argv.slice(2);
const listArg = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] ?? "").split(",").filter(Boolean) : null;
};
const only = listArg("--only");
const skip = listArg("--skip") ?? [];
const quick = args.includes("--quick");
const unknown = [...(only ?? []), ...skip].filter((p) => !PARTS.some((part) => part.name === p));
if (unknown.length) {
  console.error(`unknown part(s): ${unknown.join(", ")}; parts: ${PARTS.map((p) => p.name).join(", ")}`);
  process.exit(2);
}

const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const dir = path.resolve(".bench");
const logDir = path.join(dir, stamp);
fs.mkdirSync(logDir, { recursive: true });
const reportFile = path.join(logDir, "rows.jsonl");

function runPart(part: Part): Promise<{ code: number; seconds: number }> {
  const started = Date.now();
  const log = fs.openSync(path.join(logDir, `${part.name}.log`), "w");
  const env = {
    ...process.env,
    ...part.env,
    ...(quick ? part.quick : {}),
    BENCH_REPORT: reportFile,
    BENCH_PART: part.name,
    BENCH_DB_URL: process.env.BENCH_DB_URL ?? "postgres://postgres@127.0.0.1:5432/bench_large",
  };
  const child = spawn(process.execPath, ["--import", "tsx", part.script], { env, stdio: ["ignore", log, log] });
  return new Promise((resolve) => {
    child.on("exit", (code) => {
      fs.closeSync(log);
      resolve({ code: code ?? 1, seconds: (Date.now() - started) / 1000 });
    });
  });
}

async function main() {
  const previous = readPrevious();
  const failed: string[] = [];
  for (const part of PARTS) {
    if ((only && !only.includes(part.name)) || skip.includes(part.name)) continue;
    if (part.needsBuild && !fs.existsSync(path.join(".next", "BUILD_ID"))) {
      console.log(`${part.name.padEnd(12)} skipped: needs a production build (npm run build)`);
      failed.push(`${part.name} (no build)`);
      continue;
    }
    await settle();
    process.stdout.write(`${part.name.padEnd(12)} ${part.about} ... `);
    const { code, seconds } = await runPart(part);
    console.log(code === 0 ? `${seconds.toFixed(0)} s` : `FAILED (exit ${code}) after ${seconds.toFixed(0)} s: .bench/${stamp}/${part.name}.log`);
    if (code !== 0) failed.push(part.name);
  }
  const rows: TableRow[] = fs.existsSync(reportFile)
    ? fs.readFileSync(reportFile, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as TableRow)
    : [];
  for (const r of rows) r.before = previous.get(`${r.part}|${r.measure}`);
  console.log(`\n${formatTable(rows)}`);
  if (failed.length) console.log(`\nnot measured: ${failed.join(", ")}`);
  const result = { stamp, quick, rows, failed };
  fs.writeFileSync(path.join(dir, `${stamp}.json`), `${JSON.stringify(result, null, 2)}\n`);
  if (!quick) fs.writeFileSync(path.join(dir, "latest.json"), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nwritten to .bench/${stamp}.json${quick ? " (quick: latest.json kept)" : " and .bench/latest.json"}`);
  process.exit(failed.length ? 1 : 0);
}

const SETTLE_MS = 8_000;

/**
 * Between parts: a CHECKPOINT, then a pause. A part that wrote a lot (ingest, the large tenant,
 * campaigns) otherwise leaves the server writing its dirty pages and its WAL while the next part is
 * timed (seen: the ticket lists' bare SQL 2-3x slower right after ingest in the table than run alone).
 */
async function settle() {
  const url = new URL(process.env.BENCH_DB_URL ?? "postgres://postgres@127.0.0.1:5432/bench_large");
  url.pathname = "/postgres";
  const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
  try {
    await sql`checkpoint`;
  } catch {
    // not a superuser, or no server: the pause alone
  } finally {
    await sql.end({ timeout: 5 });
  }
  await new Promise((r) => setTimeout(r, SETTLE_MS));
}

/** The previous full run's figures (.bench/latest.json), by part and measure. */
function readPrevious(): Map<string, number> {
  const file = path.join(dir, "latest.json");
  if (!fs.existsSync(file)) return new Map();
  const { rows } = JSON.parse(fs.readFileSync(file, "utf8")) as { rows: TableRow[] };
  return new Map(rows.map((r) => [`${r.part}|${r.measure}`, r.figure]));
}

void main();

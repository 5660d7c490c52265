// The slowest tests of each tier, from the JSON reports a run leaves in .test-reports
// (`node tests/slowest.mjs [dir] [N] [--before DIR]`, N = 25 by default): where a tier's time goes,
// for the budget in docs/testing.md. With --before, each test's time in an earlier run's reports
// (another clone's .test-reports) is printed beside it.
import fs from "node:fs";
import path from "node:path";

const args = process.argv.slice(2);
const beforeAt = args.indexOf("--before");
const beforeDir = beforeAt >= 0 ? args.splice(beforeAt, 2)[1] : null;
const dir = args[0] ?? ".test-reports";
const n = Number(args[1] ?? 25);

const read = (from, name) => {
  const file = path.join(from, name);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : null;
};
const short = (file) => file.replace(/^.*?\/(tests|lib)\//, "$1/");

function vitestRows(report) {
  return report.testResults.flatMap((f) => f.assertionResults.map((t) => ({ ms: t.duration ?? 0, name: `${short(f.name)} › ${t.title}` })));
}

function playwrightRows(report) {
  const rows = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) rows.push({ ms: t.results.reduce((sum, res) => sum + res.duration, 0), name: `${file ?? suite.file} › ${spec.title}` });
    }
    for (const child of suite.suites ?? []) walk(child, file ?? suite.file);
  };
  for (const suite of report.suites) walk(suite);
  return rows;
}

const TIERS = [
  ["unit", "unit.json", vitestRows],
  ["integration", "integration.json", vitestRows],
  ["e2e", "e2e.json", playwrightRows],
];
const secs = (ms) => `${(ms / 1000).toFixed(1).padStart(7)} s`;

for (const [tier, file, rowsOf] of TIERS) {
  const report = read(dir, file);
  if (!report) continue;
  const rows = rowsOf(report).sort((a, b) => b.ms - a.ms);
  const earlier = beforeDir && read(beforeDir, file) ? new Map(rowsOf(read(beforeDir, file)).map((r) => [r.name, r.ms])) : null;
  const total = rows.reduce((sum, r) => sum + r.ms, 0);
  console.log(`\n${tier}: slowest ${Math.min(n, rows.length)} of ${rows.length} (all: ${(total / 1000).toFixed(0)} s)${earlier ? "  [before -> now]" : ""}`);
  for (const r of rows.slice(0, n)) {
    const was = earlier?.get(r.name);
    console.log(`${earlier ? `${was === undefined ? "      -  " : secs(was)} -> ` : ""}${secs(r.ms)}  ${r.name}`);
  }
}

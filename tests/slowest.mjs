// The slowest tests of each tier, from the JSON reports a run leaves in .test-reports
// (`node tests/slowest.mjs [dir] [N]`, N = 25 by default): where a tier's time goes, for the
// budget in docs/testing.md.
import fs from "node:fs";
import path from "node:path";

const dir = process.argv[2] ?? ".test-reports";
const n = Number(process.argv[3] ?? 25);
const read = (name) => {
  const file = path.join(dir, name);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : null;
};
const short = (file) => file.replace(/^.*?\/(tests|lib)\//, "$1/");
const show = (tier, rows) => {
  rows.sort((a, b) => b.ms - a.ms);
  console.log(`\n${tier}: slowest ${Math.min(n, rows.length)} of ${rows.length}`);
  for (const r of rows.slice(0, n)) console.log(`${(r.ms / 1000).toFixed(1).padStart(7)} s  ${r.name}`);
};

for (const tier of ["unit", "integration"]) {
  const r = read(`${tier}.json`);
  if (!r) continue;
  show(tier, r.testResults.flatMap((f) => f.assertionResults.map((t) => ({ ms: t.duration ?? 0, name: `${short(f.name)} › ${t.title}` }))));
}

const e2e = read("e2e.json");
if (e2e) {
  const rows = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        const ms = t.results.reduce((sum, res) => sum + res.duration, 0);
        rows.push({ ms, name: `${file ?? suite.file}:${spec.line} › ${spec.title}` });
      }
    }
    for (const child of suite.suites ?? []) walk(child, file ?? suite.file);
  };
  for (const suite of e2e.suites) walk(suite);
  show("e2e", rows);
}

// Adds up the JSON reports of vitest (unit, integration) and Playwright (e2e) into the plain
// closing line CI reads: "N passed, N failed". A tier whose report is missing counts as a failure.
import fs from "node:fs";
import path from "node:path";

const dir = process.argv[2] ?? ".test-reports";
const read = (name) => {
  const file = path.join(dir, name);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : null;
};

let passed = 0;
let failed = 0;
let skipped = 0;
let missing = 0;

for (const tier of ["unit", "integration"]) {
  const r = read(`${tier}.json`);
  if (!r) {
    missing++;
    console.log(`${tier}: no report`);
    continue;
  }
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  console.log(`${tier}: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
}

const e2e = read("e2e.json");
if (!e2e) {
  missing++;
  console.log("e2e: no report");
} else {
  const s = e2e.stats;
  passed += s.expected;
  failed += s.unexpected + s.flaky;
  skipped += s.skipped;
  console.log(`e2e: ${s.expected} passed, ${s.unexpected + s.flaky} failed`);
}

if (missing) failed += missing;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

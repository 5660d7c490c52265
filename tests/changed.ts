// The fast loop while working (`npm run test:changed`): only what a change touches. The unit and
// integration tests that import a changed file (vitest's related mode), and the end-to-end specs of
// the areas it belongs to (tests/e2e/areas.ts), after a production build when the product changed.
// The change is the working tree against HEAD plus untracked files, or against `--base <ref>`.
// `--no-e2e` stops after vitest. CI runs the whole suite (tests/run-all.sh), never this.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { specsFor } from "./e2e/areas";

const args = process.argv.slice(2);
const baseAt = args.indexOf("--base");
const base = baseAt >= 0 ? args[baseAt + 1] : "HEAD";
const withE2e = !args.includes("--no-e2e");

const git = (...a: string[]) =>
  spawnSync("git", a, { encoding: "utf8" }).stdout.split("\n").map((l) => l.trim()).filter(Boolean);
const files = [...new Set([...git("diff", "--name-only", base), ...git("ls-files", "--others", "--exclude-standard")])]
  .filter((f) => fs.existsSync(f));

const run = (cmd: string, a: string[]) => {
  console.log(`\n$ ${cmd} ${a.join(" ")}`);
  return spawnSync(cmd, a, { stdio: "inherit" }).status ?? 1;
};

if (!files.length) {
  console.log(`Nothing changed against ${base}.`);
  process.exit(0);
}
console.log(`Changed against ${base}:\n  ${files.join("\n  ")}`);

const code = files.filter((f) => /\.(ts|tsx|mts|mjs|js)$/.test(f));
let status = code.length ? run("npx", ["vitest", "related", "--run", "--passWithNoTests", ...code]) : 0;

const specs = specsFor(files);
if (withE2e && specs.length) {
  const product = files.some((f) => !f.startsWith("tests/") && !f.startsWith("docs/") && !f.endsWith(".md"));
  if (product || !fs.existsSync(".next/BUILD_ID")) status ||= run("npx", ["next", "build"]);
  if (!status) status = run("npx", ["playwright", "test", ...specs.map((s) => `tests/e2e/${s}`)]);
} else if (withE2e) {
  console.log("\nNo end-to-end area is touched (tests/e2e/areas.ts).");
}
process.exit(status);

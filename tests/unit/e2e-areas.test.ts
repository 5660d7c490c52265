import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AREAS, areasOf, specsFor } from "@/tests/e2e/areas";
import { DEMO_SPECS } from "@/tests/e2e/demo-specs";

// tests/e2e/areas.ts, the fast loop's map from the product's areas to their end-to-end specs: it
// must name every spec there is, only specs there are, and folders that exist.
const e2eDir = path.join(process.cwd(), "tests", "e2e");
const specsOnDisk = fs.readdirSync(e2eDir).filter((f) => f.endsWith(".spec.ts")).sort();

describe("e2e areas", () => {
  it("every spec belongs to an area", () => {
    const mapped = new Set(Object.values(AREAS).flatMap((a) => a.specs));
    expect(specsOnDisk.filter((s) => !mapped.has(s))).toEqual([]);
  });

  it("every spec an area names exists", () => {
    const missing = Object.entries(AREAS).flatMap(([name, a]) => a.specs.filter((s) => !specsOnDisk.includes(s)).map((s) => `${name}: ${s}`));
    expect(missing).toEqual([]);
  });

  it("every area has folders that exist, and every plain path it names exists", () => {
    for (const [name, area] of Object.entries(AREAS)) {
      const existing = area.folders.filter((f) => fs.existsSync(path.join(process.cwd(), f)));
      expect(existing.length, name).toBeGreaterThan(0);
    }
    const named = ["proxy.ts", "app/layout.tsx", "workers/start.ts", "db/", "lib/env.ts", "workers/realtime/"];
    for (const f of named) expect(fs.existsSync(path.join(process.cwd(), f)), f).toBe(true);
  });

  it("a changed file runs its areas' specs; a changed spec runs itself; tests and docs alone run none", () => {
    expect(areasOf("components/kanban/use-kanban-board.ts")).toEqual(["kanban"]);
    expect(specsFor(["components/kanban/use-kanban-board.ts"])).toEqual(["kanban.spec.ts"]);
    expect(specsFor(["tests/e2e/chats.spec.ts"])).toEqual(["chats.spec.ts"]);
    expect(specsFor(["lib/tickets/list/query.ts"])).toContain("tickets-flow.spec.ts");
    expect(specsFor(["README.md", "tests/unit/menu.test.ts", "docs/testing.md"])).toEqual([]);
  });
});

describe("e2e demo specs", () => {
  // one session per user: two specs signed in as the same demo user at once would end each other's
  it("every spec that signs in as a demo user or drives the demo's sandbox takes turns (DEMO_SPECS)", () => {
    const usesDemo = (s: string) =>
      /admin@example\.com|agent@example\.com|demoSandboxConnection|pairDemoPhone/.test(fs.readFileSync(path.join(e2eDir, s), "utf8"));
    expect(specsOnDisk.filter((s) => usesDemo(s) && !DEMO_SPECS.includes(s))).toEqual([]);
    expect(DEMO_SPECS.filter((s) => !specsOnDisk.includes(s))).toEqual([]);
  });
});

import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { isDraining } from "@/lib/observability/draining";
import { clearDrainFlag, drain, prepareDrainFlag } from "@/workers/launcher/drain";

// The web role's drain (workers/launcher/drain.ts): the flag file the Next child inherits by name.
describe("the drain flag", () => {
  const saved = process.env.DRAIN_FILE;
  afterEach(() => {
    if (process.env.DRAIN_FILE) clearDrainFlag(process.env.DRAIN_FILE);
    process.env.DRAIN_FILE = saved;
  });

  it("is named for the children, raised for the drain's length, and cleared", async () => {
    const file = prepareDrainFlag();
    expect(process.env.DRAIN_FILE).toBe(file);
    expect(isDraining()).toBe(false);
    const t0 = Date.now();
    const draining = drain(file, 120);
    expect(isDraining()).toBe(true);
    await draining;
    expect(Date.now() - t0).toBeGreaterThanOrEqual(100);
    clearDrainFlag(file);
    expect(fs.existsSync(file)).toBe(false);
    expect(isDraining()).toBe(false);
  });

  it("does nothing with no drain time, and nothing is draining without a flag file named", async () => {
    const file = prepareDrainFlag();
    await drain(file, 0);
    expect(isDraining()).toBe(false);
    expect(isDraining(undefined)).toBe(false);
    expect(isDraining("")).toBe(false);
  });
});

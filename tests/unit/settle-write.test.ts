import { describe, expect, it } from "vitest";
import { settleWrite } from "@/lib/whatsapp/worker/settle-write";

describe("settleWrite", () => {
  it("tries again until the write goes through", async () => {
    let left = 3;
    const lines: string[] = [];
    const ok = await settleWrite(async () => {
      if (left-- > 0) throw new Error("db away");
    }, { stopped: () => false, log: (l) => lines.push(l), label: "message 1", maxWaitMs: 5 });
    expect(ok).toBe(true);
    expect(left).toBe(-1);
    expect(lines).toEqual([]);
  });

  it("gives up after its budget, or its grace once the worker stopped, saying so", async () => {
    const lines: string[] = [];
    const never = () => Promise.reject(new Error("db away"));
    expect(await settleWrite(never, { stopped: () => false, log: (l) => lines.push(l), label: "message 2", budgetMs: 30, maxWaitMs: 5 })).toBe(false);
    expect(await settleWrite(never, { stopped: () => true, log: (l) => lines.push(l), label: "message 3", graceMs: 20, maxWaitMs: 5 })).toBe(false);
    expect(lines).toEqual([
      "message 2: not recorded as sent (db away); it may be sent again",
      "message 3: not recorded as sent (db away); it may be sent again",
    ]);
  });
});

import type postgres from "postgres";
import { describe, expect, it } from "vitest";
import { batchedStatement, jsonRecords, rowsInOrder } from "@/db/batched-statement";
import { countBatches, metrics } from "@/lib/observability/metrics";

// db/batched-statement.ts with a fake client: what goes alone, what goes together, in which order,
// and what happens when the statement for several fails.
type Call = { kind: "alone" | "together"; items: number[] };

function fake(opts: { failTogether?: boolean; failAlone?: number; dropOne?: boolean; name?: string } = {}) {
  const calls: Call[] = [];
  const gates: (() => void)[] = [];
  // every statement waits until the test opens it, so the test decides what is in flight
  const gate = () => new Promise<void>((resolve) => gates.push(resolve));
  const write = batchedStatement<number, string>({
    name: opts.name ?? `unit-${Math.random()}`,
    observe: countBatches(opts.name ?? "unit"),
    async alone(_client, n) {
      calls.push({ kind: "alone", items: [n] });
      await gate();
      if (n === opts.failAlone) throw new Error(`item ${n} refused`);
      return `alone:${n}`;
    },
    async together(_client, items) {
      calls.push({ kind: "together", items });
      await gate();
      if (opts.failTogether) throw new Error("the statement failed");
      const out = items.map((n) => `together:${n}`);
      return opts.dropOne ? out.slice(1) : out;
    },
    // even items first, stable otherwise
    order: (a, b) => (a % 2) - (b % 2),
  });
  const client = {} as postgres.Sql;
  const open = async () => {
    // let the calls reach their gates, then open every gate so far
    await new Promise((r) => setTimeout(r, 0));
    gates.splice(0).forEach((g) => g());
    await new Promise((r) => setTimeout(r, 0));
  };
  return { calls, write: (n: number, on = client) => write(on, n), open };
}

describe("batchedStatement", () => {
  it("sends a write at once while fewer than two statements are in flight, alone", async () => {
    const f = fake();
    const a = f.write(1);
    const b = f.write(2);
    await f.open();
    expect(await a).toBe("alone:1");
    expect(await b).toBe("alone:2");
    expect(f.calls).toEqual([
      { kind: "alone", items: [1] },
      { kind: "alone", items: [2] },
    ]);
  });

  it("sends the writes arriving meanwhile together, in the given order, each caller getting its own result", async () => {
    const f = fake();
    const first = [f.write(1), f.write(2)];
    const later = [3, 4, 5, 6, 7].map((n) => f.write(n));
    await f.open(); // the two alone finish, the five waiting go in one statement
    await f.open();
    expect(await Promise.all(first)).toEqual(["alone:1", "alone:2"]);
    expect(await Promise.all(later)).toEqual(["together:3", "together:4", "together:5", "together:6", "together:7"]);
    expect(f.calls[2]).toEqual({ kind: "together", items: [4, 6, 3, 5, 7] });
    expect(f.calls).toHaveLength(3);
  });

  it("when the statement for several fails, runs each alone: only the failing write fails", async () => {
    const name = "unit-fallbacks";
    const fallbacks = async () => (await metrics().batchFallbacks.get()).values.find((v) => v.labels.statement === name)?.value ?? 0;
    const f = fake({ failTogether: true, failAlone: 4, name });
    const first = [f.write(1), f.write(2)];
    const later = [3, 4, 5].map((n) => f.write(n).catch((err: Error) => err.message));
    for (let i = 0; i < 3; i++) await f.open();
    await Promise.all(first);
    expect(await Promise.all(later)).toEqual(["alone:3", "item 4 refused", "alone:5"]);
    expect(f.calls.slice(2)).toEqual([
      { kind: "together", items: [4, 3, 5] },
      { kind: "alone", items: [3] },
      { kind: "alone", items: [4] },
      { kind: "alone", items: [5] },
    ]);
    expect(await fallbacks()).toBe(1);
  });

  it("treats a statement that answers fewer results than writes as failed", async () => {
    const f = fake({ dropOne: true });
    const first = [f.write(1), f.write(2)];
    const later = [3, 5].map((n) => f.write(n));
    for (let i = 0; i < 3; i++) await f.open();
    await Promise.all(first);
    expect(await Promise.all(later)).toEqual(["alone:3", "alone:5"]);
  });

  it("keeps one queue per client: another client's writes don't wait", async () => {
    const f = fake();
    const busy = {} as postgres.Sql;
    const other = {} as postgres.Sql;
    const held = [f.write(1, busy), f.write(2, busy), f.write(3, busy)];
    const free = f.write(4, other);
    await new Promise((r) => setTimeout(r, 0));
    // two of the busy client's statements are in flight and its third write waits; the other client's went at once
    expect(f.calls).toEqual([
      { kind: "alone", items: [1] },
      { kind: "alone", items: [2] },
      { kind: "alone", items: [4] },
    ]);
    for (let i = 0; i < 2; i++) await f.open();
    expect(await Promise.all([...held, free])).toEqual(["alone:1", "alone:2", "alone:3", "alone:4"]);
  });
});

describe("jsonRecords", () => {
  const write = jsonRecords([["id", "int"], ["name", "text"], ["tags", "text[]"], ["patch", "jsonb"], ["at", "timestamptz"], ["ok", "boolean"]]);

  it("writes each record as an object with its index and its fields by name, leaving nulls out", () => {
    const at = new Date("2026-11-28T07:00:00.000Z");
    const json = write([
      [1, 'aspas " e \\ barra\n', ["a", "b"], { x: 1, y: null }, at, false],
      [2, null, [], undefined, null, true],
    ]);
    expect(JSON.parse(json)).toEqual([
      { i: 0, id: 1, name: 'aspas " e \\ barra\n', tags: ["a", "b"], patch: { x: 1, y: null }, at: "2026-11-28T07:00:00.000Z", ok: false },
      { i: 1, id: 2, tags: [], ok: true },
    ]);
  });

  it("writes an empty array for no records", () => {
    expect(write([])).toBe("[]");
  });

  it("keeps text JSON.stringify would keep: lone surrogates escaped, emoji whole", () => {
    const json = write([[1, "\ud800 e 🙂", null, null, null, null]]);
    expect(JSON.parse(json)[0].name).toBe("\ud800 e 🙂");
    expect(json).toContain("\\ud800");
  });
});

describe("rowsInOrder", () => {
  // a client whose statement answers the given rows
  const answering = (rows: { batchIndex: number; v: string }[]) => ({ unsafe: async () => rows }) as unknown as postgres.Sql;

  it("answers the statement's rows, one per record in order", async () => {
    const rows = [{ batchIndex: 0, v: "a" }, { batchIndex: 1, v: "b" }];
    expect(await rowsInOrder(answering(rows), "select", "[]", 2)).toEqual(rows);
  });

  it("refuses a missing row, an extra one, or rows out of order (the writes then run alone)", async () => {
    await expect(rowsInOrder(answering([{ batchIndex: 0, v: "a" }]), "select", "[]", 2)).rejects.toThrow("2 records");
    await expect(rowsInOrder(answering([{ batchIndex: 0, v: "a" }, { batchIndex: 0, v: "b" }]), "select", "[]", 2)).rejects.toThrow("out of order");
    await expect(rowsInOrder(answering([{ batchIndex: 1, v: "b" }, { batchIndex: 0, v: "a" }]), "select", "[]", 2)).rejects.toThrow("out of order");
  });
});

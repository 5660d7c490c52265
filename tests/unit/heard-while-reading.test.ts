import { describe, expect, it } from "vitest";
import { HeardWhileReading } from "@/components/lists/heard-while-reading";

type Row = { id: number; name: string; valid: boolean | null };
const rows = (): Row[] => [
  { id: 1, name: "Ana", valid: true },
  { id: 2, name: "Bia", valid: null },
  { id: 3, name: "Caio", valid: null },
];

describe("changes heard while a list reads a page", () => {
  it("a change heard during a read is applied to its answer, even for a row the list did not show yet", () => {
    const h = new HeardWhileReading<Row>();
    const mark = h.begin();
    h.hear({ upsert: { id: 2, valid: true } });
    h.hear({ remove: 3 });
    expect(h.replay(mark, rows())).toEqual([
      { id: 1, name: "Ana", valid: true },
      { id: 2, name: "Bia", valid: true },
    ]);
    h.end();
  });

  it("changes are replayed in the order heard; rows not named stay the same objects", () => {
    const h = new HeardWhileReading<Row>();
    const mark = h.begin();
    h.hear({ upsert: { id: 2, valid: true } });
    h.hear({ upsert: { id: 2, valid: null, name: "Bia S." } });
    const page = rows();
    const out = h.replay(mark, page);
    expect(out[1]).toEqual({ id: 2, name: "Bia S.", valid: null });
    expect(out[0]).toBe(page[0]);
    h.end();
  });

  it("a read sees only what was heard after it started; the log empties once no read is in flight", () => {
    const h = new HeardWhileReading<Row>();
    const first = h.begin();
    h.hear({ upsert: { id: 1, name: "Ana M." } });
    const second = h.begin();
    h.hear({ upsert: { id: 2, valid: false } });
    expect(h.replay(second, rows()).map((r) => [r.name, r.valid])).toEqual([["Ana", true], ["Bia", false], ["Caio", null]]);
    expect(h.replay(first, rows()).map((r) => r.name)).toEqual(["Ana M.", "Bia", "Caio"]);
    h.end();
    h.end();
    // nothing in flight: nothing kept, a later read starts clean
    h.hear({ remove: 1 });
    const third = h.begin();
    expect(h.replay(third, rows())).toHaveLength(3);
    expect(third).toBe(0);
    h.end();
  });
});

import { describe, expect, it } from "vitest";
import { mergeFirstRows } from "@/components/lists/merge-rows";

type Row = { id: number; name: string };
const row = (id: number, name = `r${id}`): Row => ({ id, name });
const ids = (rows: Row[]) => rows.map((r) => r.id);

describe("mergeFirstRows", () => {
  it("takes page 1 as the whole list when nothing more exists", () => {
    const loaded = [row(1), row(2), row(3)];
    const next = mergeFirstRows(loaded, [row(1), row(3, "renamed"), row(4)], false, 1);
    expect(next).toEqual([row(1), row(3, "renamed"), row(4)]);
    expect(next[0]).toBe(loaded[0]); // unchanged rows keep their objects
  });

  it("takes page 1 as the list when only page 1 was loaded (rows pushed out come with page 2)", () => {
    expect(ids(mergeFirstRows([row(1), row(2)], [row(0), row(1)], true, 1))).toEqual([0, 1]);
  });

  it("returns the loaded rows themselves when page 1 changed nothing", () => {
    const loaded = [row(1), row(2)];
    expect(mergeFirstRows(loaded, [row(1), row(2)], false, 1)).toBe(loaded);
    const paged = [row(1), row(2), row(3)];
    expect(mergeFirstRows(paged, [row(1), row(2)], true, 2)).toBe(paged);
  });

  it("with more pages loaded, puts page 1 first and keeps every other loaded row once, in order", () => {
    // page size 2: rows 1-2 were page 1, rows 3-4 page 2
    const loaded = [row(1), row(2), row(3), row(4)];
    expect(ids(mergeFirstRows(loaded, [row(0), row(1)], true, 2))).toEqual([0, 1, 2, 3, 4]);
    // row 3 moved up: row 2, pushed down, is still shown, and row 3 only once
    expect(ids(mergeFirstRows(loaded, [row(3, "moved up"), row(1)], true, 2))).toEqual([3, 1, 2, 4]);
  });
});

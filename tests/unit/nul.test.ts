import { describe, expect, it } from "vitest";
import { findNul, stripNul, stripNulDeep } from "@/lib/validation/nul";

describe("NUL characters", () => {
  it("finds the first string or key holding one, with its path", () => {
    expect(findNul("plain")).toBeNull();
    expect(findNul({ a: "x", b: [1, "y", { c: null }] })).toBeNull();
    expect(findNul("a\u0000b")).toEqual([]);
    expect(findNul({ name: "ok", extraInfo: [{ value: "ok" }, { value: "b\u0000d" }] })).toEqual(["extraInfo", 1, "value"]);
    expect(findNul({ "ke\u0000y": 1 })).toEqual(["key"]);
    expect(findNul(["a", ["b", ["\u0000"]]])).toEqual([1, 1, 0]);
  });

  it("looks at file names", () => {
    expect(findNul({ file: new File(["x"], "a\u0000.png") })).toEqual(["file"]);
    expect(findNul({ file: new File(["\u0000"], "a.png") })).toBeNull();
  });

  it("walks a deeply nested body without overflowing the stack", () => {
    let deep: unknown = "end\u0000";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNul(deep)).toHaveLength(100_000);
  });

  it("strips it from strings and from every string and key of plain data", () => {
    expect(stripNul("a\u0000b\u0000")).toBe("ab");
    expect(stripNul("same")).toBe("same");
    expect(stripNulDeep({ "k\u0000": ["v\u0000", 1, { n: "\u0000x" }], d: null })).toEqual({ k: ["v", 1, { n: "x" }], d: null });
  });
});

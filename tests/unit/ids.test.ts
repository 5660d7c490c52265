import { describe, expect, it } from "vitest";
import { idList, idParams, idSchema, INT4_MAX } from "@/lib/validation/ids";

describe("the shared id schema", () => {
  it("takes a positive integer within int4, as a number or as decimal text", () => {
    for (const [input, id] of [
      [1, 1],
      ["1", 1],
      [" 42 ", 42],
      ["0007", 7],
      [INT4_MAX, INT4_MAX],
      [String(INT4_MAX), INT4_MAX],
    ] as const) {
      expect(idSchema().parse(input)).toBe(id);
    }
  });

  it("refuses what names no row: zero, negative, fractional, too large, not a number", () => {
    const bad = [0, -1, "-1", 1.5, "1.5", INT4_MAX + 1, "2147483648", "99999999999", "99999999999999999999", "NaN", NaN, "Infinity",
      "abc", "", " ", "1e3", "0x10", "1,2", true, null, undefined, [1], { id: 1 }];
    for (const input of bad) {
      const r = idSchema().safeParse(input);
      expect({ input, ok: r.success }).toEqual({ input, ok: false });
      // the message is a catalogue key the forms translate
      expect(r.error?.issues[0].message).toBe("invalidId");
    }
  });

  it("carries the message a form asks for", () => {
    expect(idSchema("required").safeParse("x").error?.issues[0].message).toBe("required");
  });

  it("reads route params and id lists", () => {
    expect(idParams.parse({ id: "12" })).toEqual({ id: 12 });
    expect(idParams.safeParse({ id: "99999999999" }).success).toBe(false);
    expect(idList().parse(["1", 2])).toEqual([1, 2]);
    expect(idList().safeParse([1, -2]).success).toBe(false);
    expect(idList(2).safeParse([1, 2, 3]).success).toBe(false);
  });
});

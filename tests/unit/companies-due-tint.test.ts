import { describe, expect, it } from "vitest";
import { dueTint } from "@/lib/companies/due-tint";

// spec admin §2.4, §9: "exactly 5 yellow; from -3 to 4 orange; exactly -4 red".
describe("dueTint", () => {
  it("tints exactly 5 days yellow", () => {
    expect(dueTint(5)).toBe("yellow");
  });

  it("tints -3 to 4 days orange, both ends included", () => {
    for (const days of [-3, -2, -1, 0, 1, 2, 3, 4]) expect(dueTint(days), String(days)).toBe("orange");
  });

  it("tints exactly -4 red", () => {
    expect(dueTint(-4)).toBe("red");
  });

  it("leaves every other row, and a company without a due date, untinted", () => {
    for (const days of [6, 30, 365, -5, -30]) expect(dueTint(days), String(days)).toBeNull();
    expect(dueTint(null)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { DEFAULT_TAG_COLOR, HEX_COLOR, normalizeHex, readableTextColor, TAG_PALETTE } from "@/lib/tags/colors";

describe("normalizeHex", () => {
  it("expands short forms and uppercases", () => {
    expect(normalizeHex("#abc")).toBe("#AABBCC");
    expect(normalizeHex(" #a1b2c3 ")).toBe("#A1B2C3");
  });

  it("leaves anything that is not a hex colour as it was", () => {
    expect(normalizeHex("red")).toBe("red");
    expect(normalizeHex("#12345")).toBe("#12345");
  });
});

describe("readableTextColor", () => {
  it("puts black on light colours and white on dark ones", () => {
    expect(readableTextColor("#FFFFFF")).toBe("#000000");
    expect(readableTextColor("#FDE68A")).toBe("#000000");
    expect(readableTextColor(DEFAULT_TAG_COLOR)).toBe("#000000");
    expect(readableTextColor("#000000")).toBe("#FFFFFF");
    expect(readableTextColor("#1E293B")).toBe("#FFFFFF");
    expect(readableTextColor("#6366F1")).toBe("#000000");
    expect(readableTextColor("#78716C")).toBe("#FFFFFF");
  });

  it("reaches at least a 4.5:1 contrast (WCAG AA for normal text) on every palette colour", () => {
    const lum = (hex: string) => {
      const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    };
    for (const bg of TAG_PALETTE) {
      const [l1, l2] = [lum(bg), lum(readableTextColor(bg))].sort((x, y) => y - x);
      expect((l1 + 0.05) / (l2 + 0.05), bg).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("falls back to black for a colour it cannot read", () => {
    expect(readableTextColor("not a colour")).toBe("#000000");
  });
});

describe("the palette", () => {
  it("holds distinct valid colours, the default among them", () => {
    expect(new Set(TAG_PALETTE).size).toBe(TAG_PALETTE.length);
    for (const c of TAG_PALETTE) expect(HEX_COLOR.test(c) && normalizeHex(c) === c).toBe(true);
    expect(TAG_PALETTE).toContain(DEFAULT_TAG_COLOR);
  });
});

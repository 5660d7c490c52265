// Tag colours: the preset palette of the tag dialog and the text colour that stays readable on a
// chip of any colour (shared by the browser and the tests, so no server-only imports here).

export const DEFAULT_TAG_COLOR = "#A4CCCC";

/** The dialog's swatches: saturated hues first, then muted ones, light to dark within a column. */
export const TAG_PALETTE = [
  "#EF4444", "#F97316", "#F59E0B", "#EAB308", "#84CC16", "#22C55E",
  "#10B981", "#14B8A6", "#06B6D4", "#0EA5E9", "#3B82F6", "#6366F1",
  "#8B5CF6", "#A855F7", "#D946EF", "#EC4899", "#F43F5E", "#78716C",
  "#64748B", "#1E293B", "#A4CCCC", "#FDE68A", "#BBF7D0", "#BFDBFE",
] as const;

export const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** `#abc` and `#AaBbCc` both become `#AABBCC`; anything else is returned unchanged. */
export function normalizeHex(color: string): string {
  const c = color.trim();
  if (!HEX_COLOR.test(c)) return c;
  const hex = c.length === 4 ? [...c.slice(1)].map((d) => d + d).join("") : c.slice(1);
  return `#${hex.toUpperCase()}`;
}

// WCAG relative luminance of an sRGB colour
function luminance(hex: string): number {
  const n = normalizeHex(hex);
  const channel = (i: number) => {
    const v = parseInt(n.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/**
 * White when it reaches WCAG AA's 4.5:1 contrast on the chip (the chips' 12-14px semibold text is not
 * "large text", so 3:1 is not enough: axe flagged white on #6366F1, 4.46:1), else black, which then
 * reaches at least 4.58:1. Contrast against white is 1.05 / (L + 0.05).
 */
export function readableTextColor(background: string): "#000000" | "#FFFFFF" {
  if (!HEX_COLOR.test(background.trim())) return "#000000";
  return 1.05 / (luminance(background) + 0.05) >= 4.5 ? "#FFFFFF" : "#000000";
}

// Queue colours: the 50-colour palette of the queue dialog (admin §2.3, §9) and the spec's colour
// rule (admin §5: 3-9 characters). Shared by the browser and the server: no server-only imports.

const HUES = {
  red: ["#FCA5A5", "#F87171", "#EF4444", "#DC2626", "#B91C1C"],
  orange: ["#FDBA74", "#FB923C", "#F97316", "#EA580C", "#C2410C"],
  amber: ["#FCD34D", "#FBBF24", "#F59E0B", "#D97706", "#B45309"],
  lime: ["#BEF264", "#A3E635", "#84CC16", "#65A30D", "#4D7C0F"],
  emerald: ["#6EE7B7", "#34D399", "#10B981", "#059669", "#047857"],
  teal: ["#5EEAD4", "#2DD4BF", "#14B8A6", "#0D9488", "#0F766E"],
  sky: ["#7DD3FC", "#38BDF8", "#0EA5E9", "#0284C7", "#0369A1"],
  indigo: ["#A5B4FC", "#818CF8", "#6366F1", "#4F46E5", "#4338CA"],
  fuchsia: ["#F0ABFC", "#E879F9", "#D946EF", "#C026D3", "#A21CAF"],
  slate: ["#CBD5E1", "#94A3B8", "#64748B", "#475569", "#334155"],
} as const;

export const PALETTE_COLUMNS = Object.keys(HUES).length;

/** 10 hues × 5 shades, row by row (light to dark), so a 10-column grid shows one hue per column. */
export const QUEUE_PALETTE: readonly string[] = [0, 1, 2, 3, 4].flatMap((shade) => Object.values(HUES).map((col) => col[shade]));

/** #RGB, #RGBA, #RRGGBB or #RRGGBBAA; the # may be left out. */
export const QUEUE_COLOR = /^#?(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

/**
 * `abc`, `#abc` and `#AaBbCc` all become `#AABBCC` (and `#abcd` `#AABBCCDD`), so one colour has one
 * spelling and "already in use" compares like with like; anything else is returned trimmed.
 */
export function normalizeQueueColor(color: string): string {
  const c = color.trim();
  if (!QUEUE_COLOR.test(c)) return c;
  const digits = c.startsWith("#") ? c.slice(1) : c;
  const long = digits.length <= 4 ? [...digits].map((d) => d + d).join("") : digits;
  return `#${long.toUpperCase()}`;
}

/** The first palette colour none of `used` has: the add dialog's starting colour. */
export function firstFreeColor(used: Iterable<string>): string {
  const taken = new Set([...used].map(normalizeQueueColor));
  return QUEUE_PALETTE.find((c) => !taken.has(c)) ?? QUEUE_PALETTE[0];
}

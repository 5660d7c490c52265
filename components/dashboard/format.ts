// Pure helpers of the dashboard's cards, table and charts (unit-tested in tests/unit/dashboard-format.test.ts).

/**
 * Minutes as a person reads a duration: "45 min", "1h 05min", "2d 03h". Under ten minutes keeps
 * one decimal ("2,5 min" in pt) so short waits do not all read "0 min"; null (nothing measured) is "—".
 */
export function formatDuration(minutes: number | null, locale = "pt-BR"): string {
  if (minutes === null || !Number.isFinite(minutes)) return "—";
  if (minutes < 10) return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(minutes)} min`;
  const total = Math.round(minutes);
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const mins = total % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  if (days > 0) return `${days}d ${pad(hours)}h`;
  if (hours > 0) return `${hours}h ${pad(mins)}min`;
  return `${mins} min`;
}

/**
 * A round top for a chart's value axis and its ticks: 0 and four or five steps of 1, 2 or 5 × 10^n,
 * so grid lines fall on numbers a reader can add up. Counts are whole, so the step is at least 1.
 */
export function niceScale(max: number): { top: number; ticks: number[] } {
  if (!(max > 0)) return { top: 4, ticks: [0, 1, 2, 3, 4] };
  const rough = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude);
  const top = Math.ceil(max / step) * step;
  return { top, ticks: Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step) };
}

/** Which of `count` x-axis labels to print so at most `room` of them show: every k-th from the first. */
export function labelEvery(count: number, room: number): (i: number) => boolean {
  const k = Math.max(1, Math.ceil(count / Math.max(1, room)));
  return (i) => i % k === 0;
}

/** yyyy-MM-dd of the first of the month of a yyyy-MM-dd day (the filter's default start). */
export const firstOfMonth = (day: string) => `${day.slice(0, 8)}01`;

// spec admin §2.4, §9: the companies list tints a row by the days left to its due date: exactly 5
// yellow; from -3 to 4 orange; exactly -4 red; any other count (or no due date) none. The spec's
// bands are kept as written (5 days out is a warning, 4 days late the last reminder).
export type DueTint = "yellow" | "orange" | "red" | null;

/** The tint of a row whose due date is `days` days away (negative: days past it); null: none. */
export function dueTint(days: number | null): DueTint {
  if (days === null) return null;
  if (days === 5) return "yellow";
  if (days >= -3 && days <= 4) return "orange";
  if (days === -4) return "red";
  return null;
}

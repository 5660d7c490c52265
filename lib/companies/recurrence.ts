// spec admin §2.4, §9: renewal advances the due date by the company's recurrence, in months. Pure
// (no server imports): the companies tab and the renew service share it.
export const RECURRENCE_MONTHS = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 } as const;
export type Recurrence = keyof typeof RECURRENCE_MONTHS;
export const RECURRENCES = ["MENSAL", "BIMESTRAL", "TRIMESTRAL", "SEMESTRAL", "ANUAL"] as const satisfies readonly Recurrence[];

const isRecurrence = (v: string): v is Recurrence => v in RECURRENCE_MONTHS;

/**
 * A yyyy-MM-dd date `months` later, on the same day of the month or, when that month is shorter,
 * its last day (Jan 31 + 1 month = Feb 28, or Feb 29 in a leap year).
 */
export function addMonthsToDate(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12; // 0-based
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  return `${String(year).padStart(4, "0")}-${String(month + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * The due date after a renewal ("+ Vencimento"): one recurrence step from the later of today and
 * the current due date, so renewing early keeps the days already paid for and renewing late does
 * not count the days the company was locked out. No due date counts from today.
 */
export function renewDueDate(current: string | null, today: string, recurrence: string): string {
  const base = current && current > today ? current : today;
  return addMonthsToDate(base, isRecurrence(recurrence) ? RECURRENCE_MONTHS[recurrence] : RECURRENCE_MONTHS.MENSAL);
}

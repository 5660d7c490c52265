// The week and the HH:MM inputs as work hours use them (queue hours, admin §2.3; company hours,
// the settings page). Pure, shared by forms, the API and the chatbot.

/** Monday first; `weekdayEn` is the stored key, `weekday` the spec's Portuguese name (spec §3). */
export const WEEKDAYS = [
  { weekdayEn: "monday", weekday: "Segunda-feira" },
  { weekdayEn: "tuesday", weekday: "Terça-feira" },
  { weekdayEn: "wednesday", weekday: "Quarta-feira" },
  { weekdayEn: "thursday", weekday: "Quinta-feira" },
  { weekdayEn: "friday", weekday: "Sexta-feira" },
  { weekdayEn: "saturday", weekday: "Sábado" },
  { weekdayEn: "sunday", weekday: "Domingo" },
] as const;

export type WeekdayEn = (typeof WEEKDAYS)[number]["weekdayEn"];
export const WEEKDAY_KEYS = WEEKDAYS.map((d) => d.weekdayEn) as [WeekdayEn, ...WeekdayEn[]];

/** HH:MM, 00:00 to 23:59. */
export const TIME_HHMM = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** The four-digit HH:MM mask while typing: digits only, a colon after the hours. */
export function maskTime(raw: string): string {
  const digits = raw.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

/** On leaving the field, a partial time is completed: "8" → "08:00", "0830" → "08:30", "08:3" → "08:30". */
export function completeTime(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 4);
  if (!digits) return "";
  if (digits.length <= 2) return `${digits.padStart(2, "0")}:00`;
  return `${digits.slice(0, 2)}:${digits.slice(2).padEnd(2, "0")}`;
}

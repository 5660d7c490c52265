// The four-digit HH:MM mask of the work-hours inputs (spec §2.3: "Times use a four-digit HH:MM mask").

/** What the field shows while typing: digits only, a colon after the hours. */
export function maskTime(raw: string): string {
  const digits = raw.replace(/\D/g, "").slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}:${digits.slice(2)}`;
}

/** On leaving the field, a partial time is completed: "8" → "08:00", "0830" → "08:30", "08:3" → "08:30". */
export function completeTime(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 4);
  if (!digits) return "";
  if (digits.length <= 2) return `${digits.padStart(2, "0")}:00`;
  return `${digits.slice(0, 2)}:${digits.slice(2).padEnd(2, "0")}`;
}

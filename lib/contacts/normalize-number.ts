// spec core §5: a contact's number has 8 to 50 digits, stored as digits only (what is typed may
// carry a mask: "+55 (31) 99999-0000").
export const NUMBER_DIGITS = { min: 8, max: 50 } as const;

/** The digits of a typed or imported number ("+55 (31) 99999-0000" → "5531999990000"). */
export function digitsOf(raw: string): string {
  return String(raw ?? "").replace(/\D/g, "");
}

/** Whether digits (already normalised) make a storable person's number. */
export function isValidNumber(digits: string): boolean {
  return /^\d+$/.test(digits) && digits.length >= NUMBER_DIGITS.min && digits.length <= NUMBER_DIGITS.max;
}

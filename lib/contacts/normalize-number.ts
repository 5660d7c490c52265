// spec core §5: a contact's number is typed with 8 to 50 characters and stored as digits only;
// E.164 allows at most 15 digits (country code included), and no real number has fewer than 8.
export const NUMBER_DIGITS = { min: 8, max: 15 } as const;

/** The digits of a typed or imported number ("+55 (31) 99999-0000" → "5531999990000"). */
export function digitsOf(raw: string): string {
  return String(raw ?? "").replace(/\D/g, "");
}

/** Whether digits (already normalised) make a storable person's number. */
export function isValidNumber(digits: string): boolean {
  return /^\d+$/.test(digits) && digits.length >= NUMBER_DIGITS.min && digits.length <= NUMBER_DIGITS.max;
}

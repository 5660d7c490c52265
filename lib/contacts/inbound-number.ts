import { AppError } from "@/lib/api/errors";

// A person's number: country code + area code + number, digits only (E.164 without "+").
const PHONE = /^\d{6,20}$/;
// A group id: digits, or the older "creator-timestamp" form.
const GROUP = /^\d{6,20}(-\d{6,20})?$/;

/**
 * Checks a number the provider gives for a contact. Baileys 7 may address a chat by its LID
 * (`123…@lid`); the provider must map it to the phone number first (issue 4: never store a LID as
 * a number, a known bug of the family we replace), so a LID, or the digits of the sender's own LID,
 * is refused with ERR_LID_NOT_MAPPED; anything else that is not digits with ERR_INVALID_NUMBER.
 */
export function inboundNumber(raw: string, opts: { isGroup?: boolean; lid?: string | null } = {}): string {
  const value = String(raw ?? "").trim();
  if (/@lid$/i.test(value) || (opts.lid && lidDigits(opts.lid) === value)) {
    throw new AppError("ERR_LID_NOT_MAPPED", 400, { number: value });
  }
  if (!(opts.isGroup ? GROUP : PHONE).test(value)) throw new AppError("ERR_INVALID_NUMBER", 400, { number: value });
  return value;
}

/** A LID as contacts store it: the digits, without `@lid` or a device suffix (`:12`). */
export function lidDigits(lid: string): string {
  return lid.trim().replace(/@lid$/i, "").replace(/:\d+$/, "");
}

import { z } from "zod";

/** Every table's id is a Postgres `integer` (int4): a larger number never names a row. */
export const INT4_MAX = 2147483647;

// Catalogue key (messages/*.json "validation.") of a malformed id.
export const INVALID_ID = "invalidId";

// Ids arrive as JSON numbers or as decimal text (path segments, query strings, form fields). Only
// plain digits are read as a number: "1e3", "0x10", " ", "1.5", "-1", "NaN" or `true` stay what
// they are and are refused below, where z.coerce.number() would have taken some of them.
const readId = (v: unknown) => (typeof v === "string" && /^\s*\d{1,16}\s*$/.test(v) ? Number(v) : v);

/**
 * The one id rule (README, "Sign-in and the API"): a positive integer within int4. A malformed id
 * answers 400 ERR_VALIDATION wherever it is sent (path, query or body); a well-formed id that names
 * nothing of the caller's answers 404. `message` is the catalogue key shown for it (a form may
 * prefer "required").
 */
export function idSchema(message: string = INVALID_ID) {
  return z.preprocess(readId, z.number({ error: message }).int(message).positive(message).max(INT4_MAX, message));
}

/**
 * Message ids are `bigserial` (read as JavaScript numbers): the same rule up to the largest safe
 * integer, so a message id past int4 is a well-formed id (404 when it names nothing), not a 400.
 */
export function bigIdSchema(message: string = INVALID_ID) {
  return z.preprocess(readId, z.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message));
}

/** A route's `{ id }` path parameter. */
export const idParams = z.object({ id: idSchema() });

/** A list of ids (queueIds and the like), at most `max` of them. */
export const idList = (max = 500) => z.array(idSchema()).max(max);

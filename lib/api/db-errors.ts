import { AppError } from "./errors";

// Unique constraints whose violation is a user-facing conflict, not a server error: a check-then-
// insert in a service can lose a race, and the database then has the last word.
const UNIQUE_CODES: Record<string, string> = {
  users_email_lower_idx: "ERR_USER_EMAIL_EXISTS",
  contacts_company_number_unique: "ERR_DUPLICATED_CONTACT",
  queues_company_color_unique: "ERR_QUEUE_COLOR_ALREADY_EXISTS",
  queues_company_name_unique: "ERR_QUEUE_NAME_EXISTS",
  tickets_contact_whatsapp_open_idx: "ERR_OTHER_OPEN_TICKET",
  whatsapps_company_name_unique: "ERR_CONNECTION_NAME_EXISTS",
  whatsapps_token_unique: "ERR_CONNECTION_TOKEN_EXISTS",
  tags_company_name_unique: "ERR_TAG_NAME_EXISTS",
  contact_list_items_list_number_unique: "ERR_CONTACT_LIST_ITEM_EXISTS",
};

type PgError = { code?: string; constraint_name?: string; constraint?: string };

/** The AppError a database error stands for, or null when it is a real failure. */
export function appErrorFromDb(err: unknown): AppError | null {
  const pg = findPgError(err);
  if (pg?.code !== "23505") return null;
  const name = pg.constraint_name ?? pg.constraint ?? "";
  const code = UNIQUE_CODES[name];
  return code ? new AppError(code, 409) : null;
}

// drizzle wraps the driver's error in `cause`
function findPgError(err: unknown): PgError | null {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof (e as PgError).code === "string") return e as PgError;
  }
  return null;
}

/** The one error type services throw; the route wrapper turns it into `{ error: code }`. */
export class AppError extends Error {
  constructor(
    public readonly code: string,
    public readonly status: number = statusFor(code),
    public readonly extra?: Record<string, unknown>,
  ) {
    super(code);
    this.name = "AppError";
  }
}

// Status of each code when the thrower does not say; anything unlisted is a 400.
const STATUS: Record<string, number> = {
  ERR_INVALID_CREDENTIALS: 401,
  ERR_SESSION_EXPIRED: 403,
  ERR_NO_TOKEN: 401,
  ERR_NO_PERMISSION: 403,
  ERR_PLAN_FEATURE_DISABLED: 403,
  // a connection-token route called without a known connection token
  ERR_INVALID_TOKEN: 401,
  ERR_SUBSCRIPTION_EXPIRED: 402,
  ERR_COMPANY_INACTIVE: 403,
  ERR_NOT_FOUND: 404,
  ERR_NO_SETTING_FOUND: 404,
  ERR_NO_CONTACT_FOUND: 404,
  ERR_NO_TICKET_FOUND: 404,
  ERR_NO_USER_FOUND: 404,
  ERR_NO_WAPP_FOUND: 404,
  ERR_NO_COMPANY_FOUND: 404,
  ERR_NO_PLAN_FOUND: 404,
  ERR_NO_MESSAGE_FOUND: 404,
  // resending a message that did not fail (issue 33 §7: only a failed one goes again)
  ERR_MESSAGE_NOT_FAILED: 409,
  ERR_MESSAGE_ALREADY_RESENT: 409,
  ERR_OTHER_OPEN_TICKET: 409,
  ERR_TICKET_ALREADY_ACCEPTED: 409,
  ERR_NO_TICKET_NOTE_FOUND: 404,
  ERR_DUPLICATED_CONTACT: 409,
  ERR_USER_EMAIL_EXISTS: 409,
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 409,
  // a connection with more than one queue and no greeting (its greeting is the queue menu)
  ERR_WAPP_GREETING_REQUIRED: 400,
  // sending on a closed ticket, or on one whose connection was removed
  ERR_TICKET_CLOSED: 409,
  ERR_TICKET_NO_WHATSAPP: 409,
  ERR_MEDIA_TOO_LARGE: 413,
  // a request larger than its route takes in all (files and fields), with `limit` in bytes
  ERR_PAYLOAD_TOO_LARGE: 413,
  // ingest: the provider passed something that is not a phone number (e.g. an unmapped @lid)
  ERR_INVALID_NUMBER: 400,
  ERR_LID_NOT_MAPPED: 400,
  ERR_VALIDATION: 400,
  // bad input that no handler sees: a body that is not the form its content type says, a path
  // segment that is not valid percent-encoding (proxy.ts), a request next-auth cannot handle
  ERR_INVALID_BODY: 400,
  // a multipart file under a field the route does not read files from, named in `field`
  ERR_UNEXPECTED_FILE_FIELD: 400,
  ERR_INVALID_JSON: 400,
  ERR_INVALID_PATH: 400,
  ERR_INVALID_REQUEST: 400,
  // an attempt limit (lib/auth/attempt-limit.ts) is reached; the answer carries Retry-After
  ERR_TOO_MANY_ATTEMPTS: 429,
  // the external API: a request with this Idempotency-Key is still being answered
  ERR_IDEMPOTENCY_IN_PROGRESS: 409,
  // the external API: an Idempotency-Key used before with another request (body, fields or files)
  ERR_IDEMPOTENCY_KEY_REUSED: 422,
  ERR_USER_LIMIT_REACHED: 403,
  // spec: nobody deletes their own account
  ERR_CANNOT_DELETE_SELF: 403,
  ERR_CONNECTION_LIMIT_REACHED: 403,
  ERR_CONNECTION_NAME_EXISTS: 409,
  ERR_CONNECTION_TOKEN_EXISTS: 409,
  // a pairing code asked of a connection that is not showing a QR code (issue 33 §8)
  ERR_WAPP_NOT_PAIRING: 409,
  ERR_NO_OTHER_WHATSAPP: 400,
  ERR_SANDBOX_DISABLED: 400,
  ERR_NO_TAG_FOUND: 404,
  ERR_TAG_NAME_EXISTS: 409,
  ERR_NO_QUICK_MESSAGE_FOUND: 404,
  ERR_INTERNAL: 500,
  // campaigns (issue 15): lists, items, campaigns; editing a running one, cancel/restart in the wrong state
  ERR_NO_CONTACT_LIST_FOUND: 404,
  ERR_NO_CONTACT_LIST_ITEM_FOUND: 404,
  ERR_CONTACT_LIST_ITEM_EXISTS: 409,
  ERR_NO_CAMPAIGN_FOUND: 404,
  ERR_CAMPAIGN_NOT_EDITABLE: 409,
  ERR_CAMPAIGN_RUNNING: 409,
  ERR_CAMPAIGN_NOT_RUNNING: 409,
  ERR_CAMPAIGN_NOT_CANCELLED: 409,
  // contacts import: a file that cannot be read as contacts (nothing is written)
  ERR_IMPORT_NO_FILE: 400,
  ERR_IMPORT_INVALID_FILE: 400,
  ERR_IMPORT_FILE_TOO_LARGE: 400,
  ERR_IMPORT_EMPTY_FILE: 400,
  ERR_IMPORT_NO_NUMBER_COLUMN: 400,
  ERR_NO_DEF_WAPP_FOUND: 400,
  // schedules: another company's (or a missing) schedule; editing one already sent; not a png/jpeg
  ERR_NO_SCHEDULE_FOUND: 404,
  ERR_SCHEDULE_ALREADY_SENT: 409,
  ERR_SCHEDULE_MEDIA_TYPE: 400,
  // queues: another company's (or a missing) queue or option; a name taken; the plan's queue limit;
  // two options of one level with the same number
  ERR_NO_QUEUE_FOUND: 404,
  ERR_NO_QUEUE_OPTION_FOUND: 404,
  ERR_QUEUE_NAME_EXISTS: 409,
  ERR_QUEUE_LIMIT_REACHED: 403,
  ERR_QUEUE_OPTION_EXISTS: 409,
  // companies, plans and helps (the super admin's Settings tabs): a name taken (case-insensitive);
  // a plan a company is on; the platform owner's company, which is never suspended, deleted or renewed
  ERR_COMPANY_NAME_EXISTS: 409,
  ERR_COMPANY_PROTECTED: 409,
  ERR_PLAN_NAME_EXISTS: 409,
  ERR_PLAN_IN_USE: 409,
  ERR_NO_HELP_FOUND: 404,
  // password reset: no user with that email (spec: 'Email não encontrado' on 404); a code that is
  // wrong; a code that is spent, replaced, past its 30 minutes or killed by 5 wrong tries
  ERR_EMAIL_NOT_FOUND: 404,
  ERR_RESET_CODE_INVALID: 400,
  ERR_RESET_CODE_EXPIRED: 400,
  // billing: another company's (or a missing) invoice or charge; paying one already paid; a plan of
  // value 0 (Pix has no charge of zero); the payment provider failed or could not be asked; a
  // payment notification without the webhook's secret
  ERR_NO_INVOICE_FOUND: 404,
  ERR_INVOICE_ALREADY_PAID: 409,
  ERR_INVOICE_NO_AMOUNT: 400,
  ERR_PAYMENT_PROVIDER: 502,
  ERR_WEBHOOK_UNAUTHORIZED: 401,
  // collaboration (issue 16): a missing announcement or chat (also another company's chat); an
  // announcement attachment that is not .png/.jpg/.jpeg. Not a chat's member (or not its owner, for
  // edit and delete) is ERR_NO_PERMISSION.
  ERR_NO_ANNOUNCEMENT_FOUND: 404,
  ERR_ANNOUNCEMENT_MEDIA_TYPE: 400,
  ERR_NO_CHAT_FOUND: 404,
  // bots (issue 17): a missing prompt or integration (also another company's)
  ERR_NO_PROMPT_FOUND: 404,
  ERR_NO_INTEGRATION_FOUND: 404,
};

export function statusFor(code: string): number {
  return STATUS[code] ?? 400;
}

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
  ERR_OTHER_OPEN_TICKET: 409,
  ERR_DUPLICATED_CONTACT: 409,
  ERR_USER_EMAIL_EXISTS: 409,
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 409,
  ERR_VALIDATION: 400,
  ERR_USER_LIMIT_REACHED: 403,
  ERR_INTERNAL: 500,
};

export function statusFor(code: string): number {
  return STATUS[code] ?? 400;
}

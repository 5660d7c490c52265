import { z } from "zod";

const named = z.object({ name: z.string() }).nullable();

/** The ticket a 409 on tickets names (lib/tickets/transitions): who holds it, and where. */
const heldTicket = z
  .object({
    id: z.number().int().optional(),
    uuid: z.string().optional(),
    userId: z.number().int().nullable(),
    user: named,
    queue: named.optional(),
  })
  .meta({ description: "On ERR_OTHER_OPEN_TICKET and ERR_TICKET_ALREADY_ACCEPTED: the contact's ticket and who holds it" });

/**
 * Every refusal of the API has this body (lib/api/route.ts `errorResponse`): the code, and the
 * details some codes carry (AppError's `extra`), each named here: a field not listed is a bug.
 */
export const errorAnswer = z
  .object({
    error: z.string().meta({ description: "Error code, e.g. ERR_VALIDATION, ERR_INVALID_TOKEN", example: "ERR_VALIDATION" }),
    issues: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .meta({ description: "On ERR_VALIDATION: the fields refused and why" }),
    field: z
      .string()
      .optional()
      .meta({ description: "On ERR_UNEXPECTED_FILE_FIELD: the multipart field a file came under, which the route does not read files from", example: "attachment" }),
    retryAfter: z
      .number()
      .int()
      .min(1)
      .optional()
      .meta({ description: "On 429 ERR_TOO_MANY_ATTEMPTS: seconds to wait before trying again (also the Retry-After header)", example: 42 }),
    dueDate: z.iso
      .date()
      .optional()
      .meta({ description: "On 402 ERR_SUBSCRIPTION_EXPIRED: the company's due date, passed (its invoice is paid at /financeiro)", example: "2026-11-20" }),
    limit: z.number().int().optional().meta({ description: "On ERR_USER_LIMIT_REACHED and ERR_QUEUE_LIMIT_REACHED: the plan's limit" }),
    companies: z.number().int().optional().meta({ description: "On ERR_PLAN_IN_USE: how many companies are on the plan" }),
    status: z.string().optional().meta({ description: "On a campaign's 409 (cancel, restart): the campaign's status" }),
    ticket: heldTicket.optional(),
  })
  .meta({ id: "ErrorAnswer" });

const errorContent = { "application/json": { schema: errorAnswer } };

/** A response of the error body with a description. */
export const errorResponse = (description: string) => ({ description, content: errorContent });

const retryAfterHeader = z.object({ "Retry-After": z.string().meta({ description: "Seconds to wait before trying again" }) });

/** 429: an attempt limit (lib/auth/attempt-limit.ts); the body's retryAfter and the header say when to come back. */
export const tooManyResponse = (description: string) => ({ ...errorResponse(`${description} (ERR_TOO_MANY_ATTEMPTS, with retryAfter)`), headers: retryAfterHeader });

/** 402: any authenticated call of a company past its due date (lib/auth/assert-company-active.ts). */
export const SUBSCRIPTION_EXPIRED = "The company's subscription is past its due date (ERR_SUBSCRIPTION_EXPIRED, with dueDate); paying the invoice lifts it";

/** The response of a status: an error body below 200 or from 300, with the header a 429 carries. */
export function responseOf(status: string, description: string) {
  if (status.startsWith("2")) return { description };
  return status === "429" ? tooManyResponse(description) : errorResponse(description);
}

import { z } from "zod";

/** Every refusal of the API has this body (lib/api/route.ts `errorResponse`). */
export const errorAnswer = z
  .object({
    error: z.string().meta({ description: "Error code, e.g. ERR_VALIDATION, ERR_INVALID_TOKEN", example: "ERR_VALIDATION" }),
    issues: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .meta({ description: "On ERR_VALIDATION: the fields refused and why" }),
  })
  .meta({ id: "ErrorAnswer" });

const errorContent = { "application/json": { schema: errorAnswer } };

/** A response of the error body with a description. */
export const errorResponse = (description: string) => ({ description, content: errorContent });

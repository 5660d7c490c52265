import { z } from "zod";

export const sandboxParams = z.object({ connectionId: z.coerce.number().int().positive() });

import { z } from "zod";
import { idSchema } from "@/lib/validation/ids";

export const sandboxParams = z.object({ connectionId: idSchema() });

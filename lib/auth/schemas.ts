import { z } from "zod";
import { V } from "@/lib/validation/messages";

// an empty field answers a catalogue key (messages/*.json "validation."), as every form does
export const loginSchema = z.object({
  email: z.string({ error: V.required }).trim().min(1, V.required).max(254, V.tooLong),
  password: z.string({ error: V.required }).min(1, V.required).max(200, V.tooLong),
});
export type LoginInput = z.infer<typeof loginSchema>;

import { z } from "zod";
import { idSchema } from "@/lib/validation/ids";
import { V } from "@/lib/validation/messages";

// spec core §5 Signup: name 2-50, password 5-50, email valid, phone exactly 10 or 11 digits.
export const signupSchema = z.object({
  name: z.string({ error: V.required }).trim().min(2, V.tooShort).max(50, V.tooLong),
  email: z.string({ error: V.required }).trim().min(1, V.required).email(V.signupInvalidEmail).max(254),
  phone: z
    .string({ error: V.phoneRequired })
    .transform((v) => v.replace(/\D/g, ""))
    .pipe(z.string().min(1, V.phoneRequired).regex(/^\d{10,11}$/, V.phoneDigits)),
  password: z.string({ error: V.required }).min(5, V.tooShort).max(50, V.tooLong),
  planId: idSchema(V.planRequired),
});
export type SignupInput = z.infer<typeof signupSchema>;

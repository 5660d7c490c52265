import { z } from "zod";
import { idSchema } from "@/lib/validation/ids";
import { V } from "@/lib/validation/messages";

// Catalogue keys (messages/*.json "validation.") of the spec's reset messages (admin.md §5).
export const PASSWORD_RULE = "passwordRule";
export const PASSWORDS_DIFFER = "passwordsDoNotMatch";

const email = z.string({ error: V.required }).trim().min(1, V.required).max(254, V.tooLong).email(V.invalidEmail);

/**
 * spec admin.md §5: at least 8 characters with an upper-case letter, a lower-case letter and a
 * digit. At most 72 bytes' worth: bcrypt ignores what follows, so a longer one would not mean more.
 */
export const newPassword = z
  .string({ error: V.required })
  // an empty field says "required" alone, not the rule as well
  .min(1, { error: V.required, abort: true })
  .max(72, V.tooLong)
  .refine((p) => p.length >= 8 && /[A-Z]/.test(p) && /[a-z]/.test(p) && /\d/.test(p), PASSWORD_RULE);

/** The code as typed: the service normalises it (case, spaces) and judges it. */
const code = z.string({ error: V.required }).trim().min(1, V.required).max(64, V.tooLong);

/** POST /api/forgetpassword/{email} (the email in the path, as the spec's client sends it). */
export const forgetPasswordParams = z.object({ email });
/** ... and its optional `companyId` query: the page's, narrowing the lookup to that company. */
export const forgetPasswordQuery = z.object({ companyId: idSchema().optional() });

/** POST /api/resetpasswords. */
export const resetPasswordSchema = z.object({ email, token: code, password: newPassword });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** POST /api/resetpasswords/{email}/{token}/{newPassword}: the spec's path form, for old clients. */
export const resetPasswordPathParams = z.object({ email, token: code, newPassword }).transform((p) => ({
  email: p.email,
  token: p.token,
  password: p.newPassword,
}));

/** Step 1 of /forgetpsw. */
export const requestCodeForm = z.object({ email });

/** Step 2 of /forgetpsw: the API's payload plus the confirmation (spec: 'As senhas não correspondem'). */
export const newPasswordForm = resetPasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DIFFER, path: ["confirmPassword"] });

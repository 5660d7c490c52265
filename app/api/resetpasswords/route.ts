import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { clientAddress } from "@/lib/auth/client-address";
import { resetPassword } from "@/lib/password-reset/reset-password";
import { resetPasswordSchema } from "@/lib/password-reset/schemas";

// POST /api/resetpasswords — `{ email, token, password }`: sets the password with the mailed code (public).
export const POST = route({ access: "public", body: resetPasswordSchema }, async ({ req, body }) => {
  await resetPassword(getDb(), body, { address: clientAddress(req.headers) });
  return { ok: true };
});

import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { clientAddress } from "@/lib/auth/client-address";
import { requestPasswordReset } from "@/lib/password-reset/request-password-reset";
import { forgetPasswordParams, forgetPasswordQuery } from "@/lib/password-reset/schemas";

// POST /api/forgetpassword/{email} — mails a one-time reset code (public; 404 for an unknown email).
export const POST = route({ access: "public", params: forgetPasswordParams, query: forgetPasswordQuery }, async ({ req, params, query }) => {
  await requestPasswordReset(getDb(), params.email, { address: clientAddress(req.headers), companyId: query.companyId });
  return { ok: true };
});

import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { clientAddress } from "@/lib/auth/client-address";
import { resetPassword } from "@/lib/password-reset/reset-password";
import { resetPasswordPathParams } from "@/lib/password-reset/schemas";

// POST /api/resetpasswords/{email}/{token}/{newPassword} — the spec's path form, kept for old
// clients. The URL holds a password: nothing here logs it, and next.config.ts keeps it out of
// Next's request log (logging.incomingRequests.ignore). New clients send the JSON body instead.
export const POST = route({ access: "public", params: resetPasswordPathParams }, async ({ req, params }) => {
  await resetPassword(getDb(), params, { address: clientAddress(req.headers) });
  return { ok: true };
});

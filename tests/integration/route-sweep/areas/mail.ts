import { getDb } from "@/db";
import { passwordResets } from "@/db/schema";
import { CODE_TTL_MS, generateResetCode, hashResetCode } from "@/lib/password-reset/code";
import { createUsers } from "../../../helpers/factories";
import type { SweepArea } from "./types";

/** A user of the company holding a live reset code (the code's plain text is what the mail would carry). */
async function userWithCode(companyId: number, prefix: string) {
  const [user] = await createUsers(companyId, 1, prefix);
  const code = generateResetCode();
  await getDb()
    .insert(passwordResets)
    .values({ userId: user.id, codeHash: hashResetCode(user.id, code), expiresAt: new Date(Date.now() + CODE_TTL_MS) });
  return { email: user.email, code };
}

const s = (v: number | string) => String(v);

// The mail and password-reset routes of issue 13. The two reset forms each spend a code of their
// own user (a reset ends that user's sessions, so never one the other fixtures sign in with).
export const mailArea: SweepArea = {
  publicRoutes: ["POST /api/forgetpassword/[email]", "POST /api/resetpasswords", "POST /api/resetpasswords/[email]/[token]/[newPassword]"],
  fixtures: {
    "POST /api/forgetpassword/[email]": { build: (r) => ({ params: { email: r.userEmail } }) },
    "POST /api/resetpasswords": {
      build: (r) => ({ body: { email: s(r.extra.mail_jsonEmail), token: s(r.extra.mail_jsonCode), password: "NovaSenha123" } }),
    },
    "POST /api/resetpasswords/[email]/[token]/[newPassword]": {
      build: (r) => ({ params: { email: s(r.extra.mail_pathEmail), token: s(r.extra.mail_pathCode), newPassword: "NovaSenha123" } }),
    },
    "GET /api/sandbox/mail": { build: (r) => ({ query: { to: r.userEmail } }) },
  },
  async seed(t) {
    const [json, path] = await Promise.all([userWithCode(t.companyId, "Reset json"), userWithCode(t.companyId, "Reset path")]);
    return { mail_jsonEmail: json.email, mail_jsonCode: json.code, mail_pathEmail: path.email, mail_pathCode: path.code };
  },
};

import { getDb } from "@/db";
import { AppError } from "@/lib/api/errors";
import { route } from "@/lib/api/route";
import { getEnv } from "@/lib/env";
import { listSandboxMail } from "@/lib/mail/list-sandbox-mail";
import { sandboxMailQuery } from "@/lib/mail/schemas";

// GET /api/sandbox/mail?to=EMAIL — the sandbox mailbox, newest first (super admins; sandbox only).
export const GET = route({ access: "super", query: sandboxMailQuery }, async ({ query }) => {
  // as if absent where the sandbox is off (production)
  if (!getEnv().sandboxEnabled) throw new AppError("ERR_NOT_FOUND", 404);
  const messages = await listSandboxMail(getDb(), { to: query.to || undefined });
  return { messages: messages.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, createdAt: m.createdAt })) };
});

import { getDb } from "@/db";
import { AppError } from "@/lib/api/errors";
import { route } from "@/lib/api/route";
import { getSessionUser } from "@/lib/users/get-session-user";

// GET /api/auth/me — the current user with queues and company.
export const GET = route({}, async ({ ctx }) => {
  const found = await getSessionUser(getDb(), ctx.userId);
  if (!found) throw new AppError("ERR_NO_USER_FOUND", 404);
  return found.user;
});

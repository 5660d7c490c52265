import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/db";
import { users } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { route } from "@/lib/api/route";
import { LOCALES } from "@/lib/i18n/locales";
import { getSessionUser } from "@/lib/users/get-session-user";

// GET /api/auth/me — the current user with queues and company.
export const GET = route({}, async ({ ctx }) => {
  const found = await getSessionUser(getDb(), ctx.userId);
  if (!found) throw new AppError("ERR_NO_USER_FOUND", 404);
  return found.user;
});

// PATCH /api/auth/me — the caller's own preferences (interface language).
export const PATCH = route({ body: z.object({ locale: z.enum(LOCALES) }) }, async ({ ctx, body }) => {
  await getDb()
    .update(users)
    .set({ locale: body.locale })
    .where(and(eq(users.id, ctx.userId), eq(users.companyId, ctx.companyId)));
  return { locale: body.locale };
});

import { NextResponse } from "next/server";
import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { logout } from "@/lib/auth/logout";
import { contextFromRequest } from "@/lib/auth/request-context";
import { clearSessionCookies } from "@/lib/auth/session-response";

// DELETE /api/auth/logout — ends the session everywhere; cookies cleared even when already invalid.
export const DELETE = route({ access: "public" }, async ({ req }) => {
  const ctx = await contextFromRequest(req).catch(() => null);
  if (ctx) await logout(getDb(), ctx.companyId, ctx.userId);
  return clearSessionCookies(NextResponse.json({ ok: true }));
});

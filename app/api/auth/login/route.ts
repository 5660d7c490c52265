import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { login } from "@/lib/auth/login";
import { loginSchema } from "@/lib/auth/schemas";
import { sessionResponse } from "@/lib/auth/session-response";

// POST /api/auth/login — credentials in, `{ token, user }` out, session cookies set.
export const POST = route({ access: "public", body: loginSchema }, async ({ body }) =>
  sessionResponse(await login(getDb(), body)),
);

import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { clientAddress } from "@/lib/auth/client-address";
import { login } from "@/lib/auth/login";
import { loginSchema } from "@/lib/auth/schemas";
import { sessionResponse } from "@/lib/auth/session-response";

// POST /api/auth/login — credentials in, `{ token, user }` out, session cookies set.
export const POST = route({ access: "public", body: loginSchema }, async ({ req, body }) =>
  sessionResponse(await login(getDb(), body, { address: clientAddress(req.headers) })),
);

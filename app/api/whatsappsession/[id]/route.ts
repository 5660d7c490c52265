import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { requestSession } from "@/lib/connections/request-session";
import { requestPairingCode } from "@/lib/connections/request-pairing-code";
import { connectionIdParams as params, sessionPutSchema } from "@/lib/connections/schemas";

// POST /api/whatsappsession/{id} — start the session, or try again after a disconnect (admins).
export const POST = route({ access: "admin", params }, async ({ ctx, params }) => requestSession(getDb(), ctx, params.id, "start"));

// PUT /api/whatsappsession/{id} — drop the session and pair again with a new QR code; with
// `{ number }`, a code to type on that phone instead (admins; 3 per 10 minutes per connection).
export const PUT = route({ access: "admin", params, body: sessionPutSchema }, async ({ ctx, params, body }) =>
  body.number ? requestPairingCode(getDb(), ctx, params.id, body.number) : requestSession(getDb(), ctx, params.id, "restart"),
);

// DELETE /api/whatsappsession/{id} — disconnect: log the session out (admins).
export const DELETE = route({ access: "admin", params }, async ({ ctx, params }) => requestSession(getDb(), ctx, params.id, "logout"));

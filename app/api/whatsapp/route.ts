import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { createConnection } from "@/lib/connections/create-connection";
import { listConnections } from "@/lib/connections/list-connections";
import { createConnectionSchema } from "@/lib/connections/schemas";

// GET /api/whatsapp — every connection of the company with its queues (token and QR for admins
// only). `session=0` is accepted and changes nothing: session data never leaves the server.
export const GET = route({}, async ({ ctx }) => listConnections(getDb(), ctx));

// POST /api/whatsapp — add a connection (admins).
export const POST = route({ access: "admin", body: createConnectionSchema }, async ({ ctx, body }) =>
  createConnection(getDb(), ctx, body),
);

import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { deleteConnection } from "@/lib/connections/delete-connection";
import { getConnection } from "@/lib/connections/get-connection";
import { connectionIdParams as params, updateConnectionSchema } from "@/lib/connections/schemas";
import { updateConnection } from "@/lib/connections/update-connection";

// GET /api/whatsapp/{id} — one connection of the company (token and QR for admins only).
export const GET = route({ params }, async ({ ctx, params }) => getConnection(getDb(), ctx, params.id));

// PUT /api/whatsapp/{id} — edit a connection (admins).
export const PUT = route({ access: "admin", params, body: updateConnectionSchema }, async ({ ctx, params, body }) =>
  updateConnection(getDb(), ctx, params.id, body),
);

// DELETE /api/whatsapp/{id} — remove a connection (admins).
export const DELETE = route({ access: "admin", params }, async ({ ctx, params }) => deleteConnection(getDb(), ctx, params.id));

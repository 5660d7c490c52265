import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { deleteUser } from "@/lib/users/delete-user";
import { getUserFor } from "@/lib/users/get-user";
import { updateUserSchema } from "@/lib/users/schemas";
import { updateUser } from "@/lib/users/update-user";
import { idParams as params } from "@/lib/validation/ids";

// GET /api/users/{id} — one user of the caller's company (admins); an agent only themselves.
export const GET = route({ params }, async ({ ctx, params }) => getUserFor(getDb(), ctx, params.id));

// PUT /api/users/{id} — edit a user (rights checked in the service).
export const PUT = route({ params, body: updateUserSchema }, async ({ ctx, params, body }) =>
  updateUser(getDb(), ctx, params.id, body),
);

// DELETE /api/users/{id} — remove a user (admins; never oneself); their tickets go back to pending.
export const DELETE = route({ access: "admin", params }, async ({ ctx, params }) => deleteUser(getDb(), ctx, params.id));

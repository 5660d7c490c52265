import { z } from "zod";
import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { deleteUser } from "@/lib/users/delete-user";
import { getUser } from "@/lib/users/get-user";
import { updateUserSchema } from "@/lib/users/schemas";
import { updateUser } from "@/lib/users/update-user";

const params = z.object({ id: z.coerce.number().int().positive().max(2147483647) });

// GET /api/users/{id} — one user of the caller's company.
export const GET = route({ params }, async ({ ctx, params }) => getUser(getDb(), ctx, params.id));

// PUT /api/users/{id} — edit a user (rights checked in the service).
export const PUT = route({ params, body: updateUserSchema }, async ({ ctx, params, body }) =>
  updateUser(getDb(), ctx, params.id, body),
);

// DELETE /api/users/{id} — remove a user (admins; never oneself); their tickets go back to pending.
export const DELETE = route({ access: "admin", params }, async ({ ctx, params }) => deleteUser(getDb(), ctx, params.id));

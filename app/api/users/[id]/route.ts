import { z } from "zod";
import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { getUser } from "@/lib/users/get-user";
import { updateUserSchema } from "@/lib/users/schemas";
import { updateUser } from "@/lib/users/update-user";

const params = z.object({ id: z.coerce.number().int().positive() });

// GET /api/users/{id} — one user of the caller's company.
export const GET = route({ params }, async ({ ctx, params }) => getUser(getDb(), ctx, params.id));

// PUT /api/users/{id} — edit a user (rights checked in the service).
export const PUT = route({ params, body: updateUserSchema }, async ({ ctx, params, body }) =>
  updateUser(getDb(), ctx, params.id, body),
);

import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { deleteQueueOption } from "@/lib/queues/delete-queue-option";
import { updateOptionSchema } from "@/lib/queues/option-schemas";
import { getQueueOption } from "@/lib/queues/option-view";
import { idParams as params } from "@/lib/queues/schemas";
import { updateQueueOption } from "@/lib/queues/update-queue-option";

// GET /api/queue-options/{id} — one option of the company.
export const GET = route({ params }, async ({ ctx, params }) => getQueueOption(getDb(), ctx.companyId, params.id));

// PUT /api/queue-options/{id} — change an option's title, message or number (admins).
export const PUT = route({ access: "admin", params, body: updateOptionSchema }, async ({ ctx, params, body }) =>
  updateQueueOption(getDb(), ctx.companyId, params.id, body),
);

// DELETE /api/queue-options/{id} — admins; the options below it go too.
export const DELETE = route({ access: "admin", params }, async ({ ctx, params }) => deleteQueueOption(getDb(), ctx.companyId, params.id));

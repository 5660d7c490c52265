import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { deleteQueue } from "@/lib/queues/delete-queue";
import { getQueue } from "@/lib/queues/queue-view";
import { idParams as params, updateQueueSchema } from "@/lib/queues/schemas";
import { updateQueue } from "@/lib/queues/update-queue";

// GET /api/queue/{id} — one queue of the company, with its messages and hours.
export const GET = route({ params }, async ({ ctx, params }) => getQueue(getDb(), ctx.companyId, params.id));

// PUT /api/queue/{id} — change a queue (admins); what is left out stays.
export const PUT = route({ access: "admin", params, body: updateQueueSchema }, async ({ ctx, params, body }) =>
  updateQueue(getDb(), ctx.companyId, params.id, body),
);

// DELETE /api/queue/{id} — admins; its tickets stay, without a queue.
export const DELETE = route({ access: "admin", params }, async ({ ctx, params }) => deleteQueue(getDb(), ctx.companyId, params.id));

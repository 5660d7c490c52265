import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { createQueue } from "@/lib/queues/create-queue";
import { listQueues } from "@/lib/queues/list-queues";
import { createQueueSchema } from "@/lib/queues/schemas";

// GET /api/queue — every queue of the company (any signed-in user), by orderQueue then name.
export const GET = route({}, async ({ ctx }) => listQueues(getDb(), ctx.companyId));

// POST /api/queue — add a queue (admins); hours left out are the spec's defaults.
export const POST = route({ access: "admin", body: createQueueSchema }, async ({ ctx, body }) => createQueue(getDb(), ctx.companyId, body));

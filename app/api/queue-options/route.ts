import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { createQueueOption } from "@/lib/queues/create-queue-option";
import { listQueueOptions } from "@/lib/queues/list-queue-options";
import { createOptionSchema, listOptionsQuery } from "@/lib/queues/option-schemas";

// GET /api/queue-options?queueId&parentId — one level of a queue's option tree (-1: the roots).
export const GET = route({ query: listOptionsQuery }, async ({ ctx, query }) => listQueueOptions(getDb(), ctx.companyId, query));

// POST /api/queue-options — add an option to a queue's tree (admins).
export const POST = route({ access: "admin", body: createOptionSchema }, async ({ ctx, body }) => createQueueOption(getDb(), ctx.companyId, body));

import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { createSchedule } from "@/lib/schedules/create-schedule";
import { listSchedules } from "@/lib/schedules/list-schedules";
import { listSchedulesQuery, scheduleSchema } from "@/lib/schedules/schemas";

// GET /api/schedules — `{ schedules, count, hasMore }`: a calendar range (`start`, `end`) or pages of 20.
export const GET = route({ query: listSchedulesQuery }, async ({ ctx, query }) => listSchedules(getDb(), ctx, query));

// POST /api/schedules — `{ body, contactId, sendAt }`; the caller is the author, the status PENDENTE.
export const POST = route({ body: scheduleSchema }, async ({ ctx, body }) => createSchedule(getDb(), ctx, body));

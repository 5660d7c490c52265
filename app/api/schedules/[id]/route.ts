import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { deleteSchedule } from "@/lib/schedules/delete-schedule";
import { getSchedule } from "@/lib/schedules/get-schedule";
import { scheduleIdParams, updateScheduleSchema } from "@/lib/schedules/schemas";
import { updateSchedule } from "@/lib/schedules/update-schedule";

// GET /api/schedules/{id} — one schedule with its contact.
export const GET = route({ params: scheduleIdParams }, async ({ ctx, params }) => getSchedule(getDb(), ctx, params.id));

// PUT /api/schedules/{id} — `{ body, contactId, sendAt }`, any of them; 409 ERR_SCHEDULE_ALREADY_SENT once sent.
export const PUT = route({ params: scheduleIdParams, body: updateScheduleSchema }, async ({ ctx, params, body }) =>
  updateSchedule(getDb(), ctx, params.id, body),
);

// DELETE /api/schedules/{id}
export const DELETE = route({ params: scheduleIdParams }, async ({ ctx, params }) => deleteSchedule(getDb(), ctx, params.id));

import { getDb } from "@/db";
import { isForm } from "@/lib/api/body";
import { AppError } from "@/lib/api/errors";
import { route } from "@/lib/api/route";
import { attachScheduleMedia, removeScheduleMedia, SCHEDULE_IMAGE_UPLOAD } from "@/lib/schedules/schedule-media";
import { scheduleIdParams } from "@/lib/schedules/schemas";

// POST /api/schedules/{id}/media-upload — multipart `file`: a png or jpeg image, streamed into storage.
export const POST = route({ params: scheduleIdParams, upload: SCHEDULE_IMAGE_UPLOAD }, async ({ ctx, params, req }) => {
  // no form at all is a missing file; a malformed one answers ERR_INVALID_BODY
  if (!isForm(req)) throw new AppError("ERR_VALIDATION", 400, { issues: [{ path: "file", message: "required" }] });
  return attachScheduleMedia(getDb(), ctx, params.id, req);
});

// DELETE /api/schedules/{id}/media-upload — the schedule goes out as text only.
export const DELETE = route({ params: scheduleIdParams }, async ({ ctx, params }) => removeScheduleMedia(getDb(), ctx, params.id));

import { eq } from "drizzle-orm";
import type { Db } from "@/db";
import { schedules } from "@/db/schema";
import { FORM_ROOM_BYTES } from "@/lib/api/body";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { deleteMedia } from "@/lib/storage";
import { headOfUpload, withUploadStream, type UploadLimits } from "@/lib/storage/upload-stream";
import { getSchedule } from "./get-schedule";
import { publishSchedule, type ScheduleView } from "./schedule-view";
import { isScheduleImage, MAX_SCHEDULE_IMAGE_BYTES } from "./schemas";
import { notSent } from "./update-schedule";

/** The schedule's `file` part, streamed to storage (lib/storage/upload-stream.ts) within these limits. */
export const SCHEDULE_IMAGE_UPLOAD: UploadLimits = {
  fileFields: ["file"],
  maxFiles: 1,
  maxFileBytes: MAX_SCHEDULE_IMAGE_BYTES,
  maxRequestBytes: MAX_SCHEDULE_IMAGE_BYTES + FORM_ROOM_BYTES,
  tooMany: () => new AppError("ERR_VALIDATION", 400, { issues: [{ path: "file", message: "tooLong" }] }),
};

/**
 * POST /schedules/{id}/media-upload: the image sent with the schedule (multipart `file`), png or
 * jpeg only (spec core §5), by name, declared type and content; replaces any earlier one. The
 * schedule is checked before the file is read; the file streams into storage as it arrives
 * (413 past the limit) and is checked there, a refused one deleted.
 */
export async function attachScheduleMedia(db: Db, ctx: TenantContext, id: number, req: Request): Promise<ScheduleView> {
  const current = await getSchedule(db, ctx, id);
  if (current.sentAt) throw new AppError("ERR_SCHEDULE_ALREADY_SENT", 409);
  // sent meanwhile, or refused: withUploadStream deletes the new file, as nothing names it
  return withUploadStream(req, ctx.companyId, SCHEDULE_IMAGE_UPLOAD, async ({ files: [file] }) => {
    if (!file) throw new AppError("ERR_VALIDATION", 400, { issues: [{ path: "file", message: "required" }] });
    const kind = imageKind(await headOfUpload(ctx.companyId, file));
    if (!isScheduleImage({ name: file.sentName ?? file.filename, type: file.mimetype }) || !kind) throw new AppError("ERR_SCHEDULE_MEDIA_TYPE", 400);
    return setMedia(db, ctx, id, { mediaPath: file.path, mediaName: file.filename });
  });
}

/** DELETE /schedules/{id}/media-upload: the schedule goes out as text only. */
export async function removeScheduleMedia(db: Db, ctx: TenantContext, id: number): Promise<ScheduleView> {
  const current = await getSchedule(db, ctx, id);
  if (current.sentAt) throw new AppError("ERR_SCHEDULE_ALREADY_SENT", 409);
  return setMedia(db, ctx, id, { mediaPath: null, mediaName: null });
}

/**
 * Points an unsent schedule at a new file (or none) and deletes the one it had: until the schedule
 * is sent nothing else names it. The old key is read under the row's lock, which a send in progress
 * also holds, so a schedule being sent is refused rather than losing the file its message carries.
 */
async function setMedia(db: Db, ctx: TenantContext, id: number, media: { mediaPath: string | null; mediaName: string | null }) {
  const old = await db.transaction(async (tx) => {
    const [row] = await tx.select({ mediaPath: schedules.mediaPath }).from(schedules).where(notSent(id, ctx.companyId)).for("update");
    if (!row) return undefined;
    await tx.update(schedules).set({ ...media, updatedAt: new Date() }).where(eq(schedules.id, id));
    return row.mediaPath;
  });
  if (old === undefined) throw new AppError("ERR_SCHEDULE_ALREADY_SENT", 409);
  if (old && old !== media.mediaPath) await deleteMedia(ctx.companyId, old);
  const view = await getSchedule(db, ctx, id);
  await publishSchedule(ctx.companyId, { action: "update", schedule: view });
  return view;
}

// The file's own signature, so a renamed document never goes out as an "image".
function imageKind(b: Uint8Array): "image/png" | "image/jpeg" | null {
  if (b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return "image/png";
  if (b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  return null;
}

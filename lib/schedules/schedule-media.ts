import { eq } from "drizzle-orm";
import type { Db } from "@/db";
import { schedules } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { deleteMedia, saveMedia } from "@/lib/storage";
import { getSchedule } from "./get-schedule";
import { publishSchedule, type ScheduleView } from "./schedule-view";
import { isScheduleImage, MAX_SCHEDULE_IMAGE_BYTES } from "./schemas";
import { notSent } from "./update-schedule";

/**
 * POST /schedules/{id}/media-upload: the image sent with the schedule (multipart `file`), png or
 * jpeg only (spec core §5), by name, declared type and content; replaces any earlier one.
 */
export async function attachScheduleMedia(db: Db, ctx: TenantContext, id: number, file: File | null): Promise<ScheduleView> {
  const current = await getSchedule(db, ctx, id);
  if (current.sentAt) throw new AppError("ERR_SCHEDULE_ALREADY_SENT", 409);
  if (!file || file.size === 0) throw new AppError("ERR_VALIDATION", 400, { issues: [{ path: "file", message: "required" }] });
  if (file.size > MAX_SCHEDULE_IMAGE_BYTES) throw new AppError("ERR_MEDIA_TOO_LARGE", 413);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = imageKind(bytes);
  if (!isScheduleImage(file) || !kind) throw new AppError("ERR_SCHEDULE_MEDIA_TYPE", 400);
  const stored = await saveMedia(ctx.companyId, bytes, { mimetype: kind, filename: file.name });
  try {
    return await setMedia(db, ctx, id, { mediaPath: stored.path, mediaName: stored.filename });
  } catch (err) {
    await deleteMedia(ctx.companyId, stored.path); // sent meanwhile: nothing names the new file
    throw err;
  }
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

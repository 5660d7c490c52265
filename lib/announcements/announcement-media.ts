import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { announcements } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { FORM_ROOM_BYTES, isForm, readBody } from "@/lib/api/body";
import { deletePlatformMedia } from "@/lib/storage";
import { headOfUpload, withUploadStream, type UploadLimits } from "@/lib/storage/upload-stream";
import { V } from "@/lib/validation/messages";
import { readAnnouncement, type AnnouncementView } from "./announcement-view";
import { ANNOUNCEMENT_MEDIA_MAX_BYTES, acceptedImageType } from "./image-type";
import { publishAnnouncement } from "./publish-announcement";

type Media = { mediaPath: string | null; mediaName: string | null };

/** The announcement's `file` part, streamed into the platform area (lib/storage/upload-stream.ts) within these limits. */
export const ANNOUNCEMENT_MEDIA_UPLOAD: UploadLimits = {
  fileFields: ["file"],
  maxFiles: 1,
  maxFileBytes: ANNOUNCEMENT_MEDIA_MAX_BYTES,
  maxRequestBytes: ANNOUNCEMENT_MEDIA_MAX_BYTES + FORM_ROOM_BYTES,
  tooMany: () => new AppError("ERR_VALIDATION", 400, { issues: [{ path: "file", message: "tooLong" }] }),
  platform: true,
};
const fileRequired = () => new AppError("ERR_VALIDATION", 400, { issues: [{ path: "file", message: V.required }] });

/**
 * POST /announcements/{id}/media-upload (super users): a .png, .jpg or .jpeg image (by its name and
 * its bytes), kept in the platform area of the storage, which every signed-in user may read;
 * replaces an earlier one. The file streams into storage as it arrives (413 past the limit) and
 * its bytes are checked there; a refused one is deleted.
 */
export async function attachAnnouncementMedia(db: DbOrTx, companyId: number, id: number, req: Request): Promise<AnnouncementView> {
  if (!isForm(req)) {
    await readBody(req); // a body that is not JSON answers ERR_INVALID_JSON, as before
    throw fileRequired();
  }
  return withUploadStream(req, companyId, ANNOUNCEMENT_MEDIA_UPLOAD, async ({ files: [file] }) => {
    if (!file) throw fileRequired();
    await readAnnouncement(db, id);
    if (!acceptedImageType(file.sentName ?? file.filename, await headOfUpload(companyId, file))) throw new AppError("ERR_ANNOUNCEMENT_MEDIA_TYPE", 400);
    return setAnnouncementMedia(db, id, { mediaPath: file.path, mediaName: file.filename });
  });
}

/** DELETE /announcements/{id}/media-upload (super users): the image leaves storage and the announcement. */
export async function removeAnnouncementMedia(db: DbOrTx, id: number): Promise<AnnouncementView> {
  return setAnnouncementMedia(db, id, { mediaPath: null, mediaName: null });
}

/**
 * Points the announcement at a new image (or none) and deletes the one it had once committed. The
 * old key is read under the row's lock, so two changes at once never both keep or both delete it.
 */
async function setAnnouncementMedia(db: DbOrTx, id: number, media: Media): Promise<AnnouncementView> {
  const old = await db.transaction(async (tx) => {
    const [row] = await tx.select({ mediaPath: announcements.mediaPath }).from(announcements).where(eq(announcements.id, id)).for("update");
    if (!row) throw new AppError("ERR_NO_ANNOUNCEMENT_FOUND", 404);
    await tx.update(announcements).set({ ...media, updatedAt: new Date() }).where(eq(announcements.id, id));
    return row.mediaPath;
  });
  if (old && old !== media.mediaPath) await deletePlatformMedia(old);
  const view = await readAnnouncement(db, id);
  await publishAnnouncement({ action: "update", record: view });
  return view;
}

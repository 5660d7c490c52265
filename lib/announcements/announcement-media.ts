import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { announcements } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { deletePlatformMedia, savePlatformMedia } from "@/lib/storage";
import { readAnnouncement, type AnnouncementView } from "./announcement-view";
import { ANNOUNCEMENT_MEDIA_MAX_BYTES, acceptedImageType } from "./image-type";
import { publishAnnouncement } from "./publish-announcement";

type Media = { mediaPath: string | null; mediaName: string | null };

/**
 * POST /announcements/{id}/media-upload (super users): a .png, .jpg or .jpeg image (by its name and
 * its bytes), kept in the platform area of the storage, which every signed-in user may read;
 * replaces an earlier one.
 */
export async function attachAnnouncementMedia(db: DbOrTx, id: number, file: File): Promise<AnnouncementView> {
  await readAnnouncement(db, id);
  if (file.size > ANNOUNCEMENT_MEDIA_MAX_BYTES) throw new AppError("ERR_MEDIA_TOO_LARGE", 413);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = acceptedImageType(file.name, bytes);
  if (!type) throw new AppError("ERR_ANNOUNCEMENT_MEDIA_TYPE", 400);
  const stored = await savePlatformMedia(bytes, { mimetype: type, filename: file.name });
  try {
    return await setAnnouncementMedia(db, id, { mediaPath: stored.path, mediaName: stored.filename });
  } catch (err) {
    await deletePlatformMedia(stored.path); // the announcement went meanwhile: nothing names the new file
    throw err;
  }
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

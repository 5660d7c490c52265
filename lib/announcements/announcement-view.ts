import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { announcements } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { mediaUrl } from "@/lib/storage";

/** An announcement as the API answers it and events carry it (admin §3, core §3). */
export type AnnouncementView = {
  id: number;
  title: string;
  text: string;
  priority: number;
  status: boolean;
  mediaPath: string | null;
  mediaName: string | null;
  /** the image's authenticated URL (GET /api/media/platform/...), readable by every signed-in user */
  mediaUrl: string | null;
  createdAt: Date;
};

export const announcementColumns = {
  id: announcements.id,
  title: announcements.title,
  text: announcements.text,
  priority: announcements.priority,
  status: announcements.status,
  mediaPath: announcements.mediaPath,
  mediaName: announcements.mediaName,
  createdAt: announcements.createdAt,
};

type Row = Omit<AnnouncementView, "mediaUrl">;

export const toView = (row: Row): AnnouncementView => ({ ...row, mediaUrl: row.mediaPath ? mediaUrl(row.mediaPath) : null });

/**
 * One announcement. `activeOnly` (everyone but super users): an inactive one does not exist for
 * them. A missing one is 404 ERR_NO_ANNOUNCEMENT_FOUND.
 */
export async function readAnnouncement(db: DbOrTx, id: number, opts: { activeOnly?: boolean } = {}): Promise<AnnouncementView> {
  const [row] = await db.select(announcementColumns).from(announcements).where(eq(announcements.id, id));
  if (!row || (opts.activeOnly && !row.status)) throw new AppError("ERR_NO_ANNOUNCEMENT_FOUND", 404);
  return toView(row);
}

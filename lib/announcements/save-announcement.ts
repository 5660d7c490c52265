import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { announcements } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { deletePlatformMedia } from "@/lib/storage";
import { readAnnouncement, type AnnouncementView } from "./announcement-view";
import { publishAnnouncement } from "./publish-announcement";
import type { CreateAnnouncementInput, UpdateAnnouncementInput } from "./schemas";

/** POST /announcements (super users): the author's company is kept; every company sees it. */
export async function createAnnouncement(db: DbOrTx, ctx: TenantContext, input: CreateAnnouncementInput): Promise<AnnouncementView> {
  const [row] = await db
    .insert(announcements)
    .values({ ...input, companyId: ctx.companyId })
    .returning({ id: announcements.id });
  const view = await readAnnouncement(db, row.id);
  await publishAnnouncement({ action: "create", record: view });
  return view;
}

/** PUT /announcements/{id} (super users): what is sent changes. */
export async function updateAnnouncement(db: DbOrTx, id: number, input: UpdateAnnouncementInput): Promise<AnnouncementView> {
  const rows = await db
    .update(announcements)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(announcements.id, id))
    .returning({ id: announcements.id });
  if (!rows.length) throw new AppError("ERR_NO_ANNOUNCEMENT_FOUND", 404);
  const view = await readAnnouncement(db, id);
  await publishAnnouncement({ action: "update", record: view });
  return view;
}

/** DELETE /announcements/{id} (super users): its image leaves storage once the row is gone. */
export async function deleteAnnouncement(db: DbOrTx, id: number) {
  const [row] = await db.delete(announcements).where(eq(announcements.id, id)).returning({ mediaPath: announcements.mediaPath });
  if (!row) throw new AppError("ERR_NO_ANNOUNCEMENT_FOUND", 404);
  await deletePlatformMedia(row.mediaPath);
  await publishAnnouncement({ action: "delete", id });
  return { ok: true };
}

import { getDb } from "@/db";
import { ANNOUNCEMENT_MEDIA_UPLOAD, attachAnnouncementMedia, removeAnnouncementMedia } from "@/lib/announcements/announcement-media";
import { announcementIdParams as params } from "@/lib/announcements/schemas";
import { route } from "@/lib/api/route";

// POST /api/announcements/{id}/media-upload — super users, multipart `file`: a .png/.jpg/.jpeg image
// (400 ERR_ANNOUNCEMENT_MEDIA_TYPE otherwise, 413 ERR_MEDIA_TOO_LARGE over 5 MB); replaces an earlier
// one. The file streams into storage as it arrives (so the body is read by the handler, not declared here).
export const POST = route({ access: "super", params, upload: ANNOUNCEMENT_MEDIA_UPLOAD }, async ({ ctx, params, req }) => attachAnnouncementMedia(getDb(), ctx.companyId, params.id, req));

// DELETE /api/announcements/{id}/media-upload — super users: the image leaves storage and the announcement.
export const DELETE = route({ access: "super", params }, async ({ params }) => removeAnnouncementMedia(getDb(), params.id));

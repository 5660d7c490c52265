import { getDb } from "@/db";
import { readAnnouncement } from "@/lib/announcements/announcement-view";
import { deleteAnnouncement, updateAnnouncement } from "@/lib/announcements/save-announcement";
import { announcementIdParams as params, updateAnnouncementSchema } from "@/lib/announcements/schemas";
import { route } from "@/lib/api/route";

// GET /api/announcements/{id} — any signed-in user; an inactive one is 404 for everyone but super users.
export const GET = route({ params }, async ({ ctx, params }) => readAnnouncement(getDb(), params.id, { activeOnly: !ctx.super }));

// PUT /api/announcements/{id} — super users: what is sent changes.
export const PUT = route({ access: "super", params, body: updateAnnouncementSchema }, async ({ params, body }) =>
  updateAnnouncement(getDb(), params.id, body),
);

// DELETE /api/announcements/{id} — super users: the announcement and its image.
export const DELETE = route({ access: "super", params }, async ({ params }) => deleteAnnouncement(getDb(), params.id));

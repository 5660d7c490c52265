import { getDb } from "@/db";
import { createAnnouncement } from "@/lib/announcements/save-announcement";
import { listAnnouncements } from "@/lib/announcements/list-announcements";
import { createAnnouncementSchema } from "@/lib/announcements/schemas";
import { pageQuery } from "@/lib/api/paging";
import { route } from "@/lib/api/route";

// GET /api/announcements — any signed-in user: `{ records, count, hasMore }`, 20 a page, newest first,
// searched by title; super users see every announcement, everyone else the active ones.
export const GET = route({ query: pageQuery }, async ({ ctx, query }) => listAnnouncements(getDb(), ctx, query.searchParam, query.pageNumber));

// POST /api/announcements — super users: title, text, priority (1-3, default 3), status (default active).
export const POST = route({ access: "super", body: createAnnouncementSchema }, async ({ ctx, body }) => createAnnouncement(getDb(), ctx, body));

import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { deleteTag } from "@/lib/tags/delete-tag";
import { tagIdParams as params, updateTagSchema } from "@/lib/tags/schemas";
import { getTag } from "@/lib/tags/tag-view";
import { updateTag } from "@/lib/tags/update-tag";

// GET /api/tags/{id} — one tag of the company with its ticketsCount.
export const GET = route({ params }, async ({ ctx, params }) => getTag(getDb(), ctx, params.id));

// PUT /api/tags/{id} — rename, recolour; the kanban flag only for admins and supervisors.
export const PUT = route({ params, body: updateTagSchema }, async ({ ctx, params, body }) => updateTag(getDb(), ctx, params.id, body));

// DELETE /api/tags/{id} — admins and supervisors.
export const DELETE = route({ params }, async ({ ctx, params }) => deleteTag(getDb(), ctx, params.id));

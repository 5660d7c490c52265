import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { deleteQuickMessageMedia } from "@/lib/quick-messages/delete-quick-message";
import { quickMessageIdParams as params } from "@/lib/quick-messages/schemas";

// DELETE /api/quick-messages/{id}/media — drops the attached file (same rule as editing).
export const DELETE = route({ params }, async ({ ctx, params }) => deleteQuickMessageMedia(getDb(), ctx, params.id));

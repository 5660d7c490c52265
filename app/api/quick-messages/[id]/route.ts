import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { deleteQuickMessage } from "@/lib/quick-messages/delete-quick-message";
import { getQuickMessage } from "@/lib/quick-messages/quick-message-view";
import { quickMessageIdParams as params, updateQuickMessageSchema } from "@/lib/quick-messages/schemas";
import { QUICK_MESSAGE_UPLOAD, withQuickMessageBody } from "@/lib/quick-messages/store-media";
import { updateQuickMessage } from "@/lib/quick-messages/update-quick-message";

// GET /api/quick-messages/{id} — one the caller sees (their own or a shared one).
export const GET = route({ params }, async ({ ctx, params }) => getQuickMessage(getDb(), ctx, params.id));

// PUT /api/quick-messages/{id} — JSON or multipart; the owner, or an admin for a shared one. A new
// `file` streams into storage as it arrives (the body is read here); a refused edit deletes it.
export const PUT = route({ params, upload: QUICK_MESSAGE_UPLOAD }, async ({ ctx, params, req }) =>
  withQuickMessageBody(req, ctx.companyId, (raw) => updateQuickMessage(getDb(), ctx, params.id, updateQuickMessageSchema.parse(raw))),
);
// the route sweep still sends bad values to every field the body has
PUT.meta.body = updateQuickMessageSchema;

// DELETE /api/quick-messages/{id} — the owner, or an admin for a shared one.
export const DELETE = route({ params }, async ({ ctx, params }) => deleteQuickMessage(getDb(), ctx, params.id));

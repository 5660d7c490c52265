import { getDb } from "@/db";
import { pageQuery } from "@/lib/api/paging";
import { route } from "@/lib/api/route";
import { createQuickMessage } from "@/lib/quick-messages/create-quick-message";
import { listQuickMessages } from "@/lib/quick-messages/list-quick-messages";
import { createQuickMessageSchema } from "@/lib/quick-messages/schemas";
import { QUICK_MESSAGE_UPLOAD, withQuickMessageBody } from "@/lib/quick-messages/store-media";

// GET /api/quick-messages — `{ records, count, hasMore }`, 20 a page: the caller's own and the shared ones.
export const GET = route({ query: pageQuery }, async ({ ctx, query }) =>
  listQuickMessages(getDb(), ctx, query.searchParam, query.pageNumber),
);

// POST /api/quick-messages — JSON, or multipart with an optional `file` (up to 50 MB), streamed into
// storage as it arrives (so the body is read here, not declared to the wrapper); a refused create deletes it.
export const POST = route({ upload: QUICK_MESSAGE_UPLOAD }, async ({ ctx, req }) =>
  withQuickMessageBody(req, ctx.companyId, (raw) => createQuickMessage(getDb(), ctx, createQuickMessageSchema.parse(raw))),
);
// the route sweep still sends bad values to every field the body has
POST.meta.body = createQuickMessageSchema;

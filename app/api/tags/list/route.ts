import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { listAllTags } from "@/lib/tags/list-tags";

// GET /api/tags/list — every tag of the company: id, name, color, kanban.
export const GET = route({}, async ({ ctx }) => listAllTags(getDb(), ctx));

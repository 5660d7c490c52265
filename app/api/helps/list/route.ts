import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { listHelps } from "@/lib/helps/list-helps";

// GET /api/helps/list — every help video, for any signed-in user.
export const GET = route({}, async () => listHelps(getDb()));

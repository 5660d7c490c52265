import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { listSettings } from "@/lib/settings/list-settings";

// GET /api/settings — every user of the company: `[{ key, value }]`, defaults for keys never saved;
// secret keys for admins only, masked.
export const GET = route({}, async ({ ctx }) => listSettings(getDb(), ctx));

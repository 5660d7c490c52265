import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { listUserOptions } from "@/lib/users/list-user-options";

// GET /api/users/options — the company's queues and connections the user modal offers.
export const GET = route({}, async ({ ctx }) => listUserOptions(getDb(), ctx.companyId));

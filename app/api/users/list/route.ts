import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { listAllUsers } from "@/lib/users/list-users";

// GET /api/users/list — every user of the caller's company: id, name, queues (selects and filters).
export const GET = route({}, async ({ ctx }) => listAllUsers(getDb(), ctx));

import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { chartQuery } from "@/lib/dashboard/schemas";
import { ticketsPerUser } from "@/lib/dashboard/tickets-per-user";

// GET /api/dashboard/ticketsUsers — `{ data: [{ name, quantity }] }` conversations per user, initialDate..finalDate (admins).
export const GET = route({ access: "admin", query: chartQuery }, async ({ ctx, query }) => ticketsPerUser(getDb(), ctx, query));

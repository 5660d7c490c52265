import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { chartQuery } from "@/lib/dashboard/schemas";
import { ticketsPerDay } from "@/lib/dashboard/tickets-per-day";

// GET /api/dashboard/ticketsDay — `{ data: [{ date | hour, total }], count }` per day, or per hour for one day (admins).
export const GET = route({ access: "admin", query: chartQuery }, async ({ ctx, query }) => ticketsPerDay(getDb(), ctx, query));

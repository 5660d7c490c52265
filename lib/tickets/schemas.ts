import { z } from "zod";
import { pageQuery } from "@/lib/api/paging";
import { ticketStatuses } from "@/db/schema/tickets";
import { isCalendarDay } from "@/lib/validation/dates";
import { idParams, idSchema } from "@/lib/validation/ids";

export const ticketIdParams = idParams;

// a malformed uuid is simply no ticket (404), never a database error
export const ticketUuidParams = z.object({ uuid: z.string() });

/**
 * An id list of the query string, read leniently: a JSON array (`[1,2]`, `["1","2"]`), a comma list
 * (`1,2`) or one id; empty means no filter. Anything else is left for zod to refuse (400).
 */
export function readIdList(raw: unknown): unknown {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== "string") return raw;
  const text = raw.trim();
  if (!text) return undefined;
  let items: unknown = text.split(",");
  if (text.startsWith("[")) {
    try {
      items = JSON.parse(text);
    } catch {
      return text;
    }
  }
  if (!Array.isArray(items)) return text;
  return items.map((v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v));
}

const idList = z.preprocess(
  readIdList,
  z
    .array(idSchema())
    .max(200)
    .optional()
    .transform((ids) => (ids?.length ? [...new Set(ids)] : undefined)),
);

const flag = z
  .enum(["true", "false", ""])
  .optional()
  .transform((v) => v === "true");

const day = z
  .union([z.literal(""), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "yyyy-MM-dd")])
  .optional()
  // a real calendar day the database can hold (2025-02-30 and 0000-01-01 are refused here, not by it)
  .refine((v) => !v || isCalendarDay(v), "yyyy-MM-dd")
  .transform((v) => v || undefined);

// GET /api/tickets (spec core §7): status "" (or none) is the search tab.
export const listTicketsQuery = pageQuery.extend({
  status: z
    .union([z.literal(""), z.enum(ticketStatuses)])
    .optional()
    .transform((v) => v || undefined),
  showAll: flag,
  queueIds: idList,
  tags: idList,
  users: idList,
  date: day,
  updatedAt: day,
  withUnreadMessages: flag,
});
export type ListTicketsQuery = z.infer<typeof listTicketsQuery>;

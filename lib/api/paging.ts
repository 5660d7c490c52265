import { z } from "zod";

// Page sizes per list (issue: tickets 40, contacts 30, others 20).
export const PAGE_SIZE = { tickets: 40, contacts: 30, default: 20 } as const;

export const pageQuery = z.object({
  searchParam: z.string().trim().max(200).optional().default(""),
  pageNumber: z.coerce.number().int().min(1).max(100000).optional().default(1),
});

export function pageWindow(pageNumber: number, size: number) {
  return { limit: size, offset: (pageNumber - 1) * size };
}

/** Shapes a page answer as the spec wants: `{ <key>: rows, count, hasMore }`. */
export function pageResult<K extends string, T>(key: K, rows: T[], count: number, pageNumber: number, size: number) {
  return { [key]: rows, count, hasMore: pageNumber * size < count } as { [P in K]: T[] } & {
    count: number;
    hasMore: boolean;
  };
}

import { sql } from "drizzle-orm";

/** A LIKE pattern's metacharacters taken literally (backslash is the default escape of LIKE/ILIKE). */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Ids as one int[] parameter (`= any(...)`): one value however many, and the planner knows how many
 * (drizzle would expand a JS array into a parameter each).
 */
export const idArray = (ids: number[]) => sql`${intArrayText(ids)}::int[]`;

/** Ids as the text of a Postgres int[] (`{1,2,3}`), for an `int[]` parameter of a raw statement. */
export const intArrayText = (ids: number[]) => `{${ids.join(",")}}`;

import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { userRatings, users } from "@/db/schema";
import { onlineChecker } from "@/lib/users/presence";
import { minutes, type FinishedByUser } from "./finished-cycles";
import type { Bounds } from "./range";

export type Attendant = {
  id: number;
  name: string;
  /** average of the ratings (1 unsatisfied .. 3 very satisfied) received in the range; null: none */
  rating: number | null;
  /** average finishedAt − startedAt (minutes) of the user's cycles finished in the range; null: none */
  avgSupportTime: number | null;
  online: boolean;
};

/**
 * The attendants table: every user of the company by name, with the range's ratings and support
 * time, and whether they are online now (lib/users/presence.ts, as GET /users answers it). The page
 * keeps `online` live from the presence channel.
 */
export async function attendantFacts(db: DbOrTx, companyId: number, b: Bounds) {
  const [people, ratings, isOnline] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, online: users.online })
      .from(users)
      .where(eq(users.companyId, companyId))
      .orderBy(asc(users.name), asc(users.id)),
    db
      .select({ userId: userRatings.userId, rating: sql<string>`avg(${userRatings.rate})` })
      .from(userRatings)
      .where(
        and(
          eq(userRatings.companyId, companyId),
          // ratings given in the range (the customer's answer)
          gte(userRatings.createdAt, sql`${b.start}::timestamptz`),
          lt(userRatings.createdAt, sql`${b.end}::timestamptz`),
        ),
      )
      .groupBy(userRatings.userId),
    onlineChecker(companyId),
  ]);
  return { people, ratings, isOnline };
}

/** The rows of the table, with the support times of the finished cycles grouped by user. */
export function buildAttendants({ people, ratings, isOnline }: Awaited<ReturnType<typeof attendantFacts>>, finished: FinishedByUser[]): Attendant[] {
  const ratingOf = new Map(ratings.map((r) => [r.userId, Math.round(Number(r.rating) * 100) / 100]));
  const supportOf = new Map(finished.map((r) => [r.userId, minutes(r.supportSeconds, r.timed)]));
  return people.map((u) => ({
    id: u.id,
    name: u.name,
    rating: ratingOf.get(u.id) ?? null,
    avgSupportTime: supportOf.get(u.id) ?? null,
    online: isOnline(u),
  }));
}

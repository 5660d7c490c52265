import { asc } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { helps } from "@/db/schema";

/** GET /helps/list: every help video (helps are global to the platform, not per company). */
export function listHelps(db: DbOrTx) {
  return db
    .select({ id: helps.id, title: helps.title, description: helps.description, video: helps.video, link: helps.link })
    .from(helps)
    .orderBy(asc(helps.id));
}
export type HelpVideo = Awaited<ReturnType<typeof listHelps>>[number];

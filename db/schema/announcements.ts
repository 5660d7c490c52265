import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { companyIdColumn } from "./companies";

/** Platform announcements written by super users (company_id: the author's company). */
export const announcements = pgTable(
  "announcements",
  {
    id: serial("id").primaryKey(),
    companyId: companyIdColumn(),
    title: text("title").notNull(),
    text: text("text").notNull(),
    // 1 high (red), 2 medium (orange), 3 low (grey)
    priority: integer("priority").notNull().default(3),
    status: boolean("status").notNull().default(true),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    ...timestamps(),
  },
  (t) => [
    // the top-bar popover: active announcements by priority, newest first
    index("announcements_status_priority_idx").on(t.status, t.priority, t.createdAt.desc().nullsFirst()),
    // the company-delete cascade
    index("announcements_company_idx").on(t.companyId),
    check("announcements_priority_check", sql`${t.priority} between 1 and 3`),
  ],
);

import { pgTable, serial, text } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";

/** Help videos, global to the platform (managed by super users). */
export const helps = pgTable("helps", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  description: text("description").notNull().default(""),
  // the video code (e.g. a YouTube id)
  video: text("video").notNull().default(""),
  link: text("link").notNull().default(""),
  ...timestamps(),
});

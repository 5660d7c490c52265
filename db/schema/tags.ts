import { relations, sql } from "drizzle-orm";
import { check, integer, pgTable, serial, text, unique } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { companyIdColumn } from "./companies";
import { ticketTags } from "./tickets";
import { users } from "./users";

/** Ticket tags; kanban 1 makes the tag a kanban lane. */
export const tags = pgTable(
  "tags",
  {
    id: serial("id").primaryKey(),
    companyId: companyIdColumn(),
    name: text("name").notNull(),
    color: text("color").notNull().default("#A4CCCC"),
    kanban: integer("kanban").notNull().default(0),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    // also serves the company's tag list and kanban lanes (company_id first)
    unique("tags_company_name_unique").on(t.companyId, t.name),
    check("tags_kanban_check", sql`${t.kanban} in (0, 1)`),
  ],
);

export const tagsRelations = relations(tags, ({ one, many }) => ({
  user: one(users, { fields: [tags.userId], references: [users.id] }),
  tickets: many(ticketTags),
}));

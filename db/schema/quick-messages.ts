import { relations } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { companyIdColumn } from "./companies";
import { users } from "./users";

/** Quick replies ("/shortcode" in the message input); geral ones are shared with the company. */
export const quickMessages = pgTable(
  "quick_messages",
  {
    id: serial("id").primaryKey(),
    companyId: companyIdColumn(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    shortcode: text("shortcode").notNull(),
    message: text("message").notNull().default(""),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    geral: boolean("geral").notNull().default(false),
    status: boolean("status").notNull().default(true),
    ...timestamps(),
  },
  // GET /quick-messages/list?userId: the user's own plus the company's shared ones
  (t) => [index("quick_messages_company_user_idx").on(t.companyId, t.userId)],
);

export const quickMessagesRelations = relations(quickMessages, ({ one }) => ({
  user: one(users, { fields: [quickMessages.userId], references: [users.id] }),
}));

import { relations } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, serial, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, timestamps } from "./columns";
import { companyIdColumn } from "./companies";
import { users } from "./users";

/** Internal staff chats. */
export const chats = pgTable(
  "chats",
  {
    id: serial("id").primaryKey(),
    uuid: uuid("uuid").notNull().defaultRandom().unique(),
    companyId: companyIdColumn(),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull().default(""),
    lastMessage: text("last_message").notNull().default(""),
    ...timestamps(),
  },
  // chat list of a company, most recent first
  (t) => [index("chats_company_updated_idx").on(t.companyId, t.updatedAt.desc().nullsFirst())],
);

/** Members of a chat with their unread count. */
export const chatUsers = pgTable(
  "chat_users",
  {
    chatId: integer("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: companyIdColumn(),
    unreads: integer("unreads").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.chatId, t.userId] }),
    // chats of a user (chat list, unread dot) and the user-delete cascade
    index("chat_users_user_idx").on(t.userId),
  ],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: serial("id").primaryKey(),
    companyId: companyIdColumn(),
    chatId: integer("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    senderId: integer("sender_id").references(() => users.id, { onDelete: "set null" }),
    message: text("message").notNull().default(""),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    createdAt: createdAt(),
  },
  // GET /chats/{id}/messages: pages of a chat, newest first
  (t) => [
    index("chat_messages_chat_created_idx").on(t.chatId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const chatsRelations = relations(chats, ({ one, many }) => ({
  owner: one(users, { fields: [chats.ownerId], references: [users.id] }),
  users: many(chatUsers),
  messages: many(chatMessages),
}));

export const chatUsersRelations = relations(chatUsers, ({ one }) => ({
  chat: one(chats, { fields: [chatUsers.chatId], references: [chats.id] }),
  user: one(users, { fields: [chatUsers.userId], references: [users.id] }),
}));

export const chatMessagesRelations = relations(chatMessages, ({ one }) => ({
  chat: one(chats, { fields: [chatMessages.chatId], references: [chats.id] }),
  sender: one(users, { fields: [chatMessages.senderId], references: [users.id] }),
}));

import { relations } from "drizzle-orm";
import { index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { companyIdColumn } from "./companies";

/** File lists: a message plus files, sent by campaigns and the chatbot. */
export const fileLists = pgTable(
  "file_lists",
  {
    id: serial("id").primaryKey(),
    companyId: companyIdColumn(),
    name: text("name").notNull(),
    message: text("message").notNull().default(""),
    ...timestamps(),
  },
  // GET /files: file lists of a company by name
  (t) => [index("file_lists_company_name_idx").on(t.companyId, t.name)],
);

/** One entry of a file list: a text and, once uploaded, its file. */
export const fileListOptions = pgTable(
  "file_list_options",
  {
    id: serial("id").primaryKey(),
    companyId: companyIdColumn(),
    fileListId: integer("file_list_id")
      .notNull()
      .references(() => fileLists.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    path: text("path").notNull().default(""),
    mediaType: text("media_type").notNull().default(""),
    ...timestamps(),
  },
  // options of one file list
  (t) => [index("file_list_options_file_list_idx").on(t.fileListId)],
);

export const fileListsRelations = relations(fileLists, ({ many }) => ({
  options: many(fileListOptions),
}));

export const fileListOptionsRelations = relations(fileListOptions, ({ one }) => ({
  fileList: one(fileLists, { fields: [fileListOptions.fileListId], references: [fileLists.id] }),
}));

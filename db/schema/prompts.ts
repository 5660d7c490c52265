import { relations } from "drizzle-orm";
import { type AnyPgColumn, index, integer, pgTable, real, serial, text, timestamp } from "drizzle-orm/pg-core";
import { timestamps, tz } from "./columns";
import { companyIdColumn } from "./companies";
import { queues } from "./queues";

/** OpenAI prompt settings, attached to a queue or a connection. */
export const prompts = pgTable(
  "prompts",
  {
    id: serial("id").primaryKey(),
    companyId: companyIdColumn(),
    name: text("name").notNull(),
    prompt: text("prompt").notNull(),
    // 'texto' (answer in text) or one of the neural voice names
    voice: text("voice").notNull().default("texto"),
    voiceKey: text("voice_key").notNull().default(""),
    voiceRegion: text("voice_region").notNull().default(""),
    maxTokens: integer("max_tokens").notNull().default(100),
    temperature: real("temperature").notNull().default(1),
    apiKey: text("api_key").notNull().default(""),
    queueId: integer("queue_id").references((): AnyPgColumn => queues.id, { onDelete: "set null" }),
    maxMessages: integer("max_messages").notNull().default(10),
    // an OpenAI-compatible server (Azure OpenAI, a local model server); "" is OpenAI's own
    baseUrl: text("base_url").notNull().default(""),
    // the last failure of a bot turn with this prompt, shown to admins (cleared by a success)
    lastError: text("last_error"),
    lastErrorAt: timestamp("last_error_at", tz),
    ...timestamps(),
  },
  // prompts list of a company
  (t) => [index("prompts_company_idx").on(t.companyId)],
);

export const promptsRelations = relations(prompts, ({ one }) => ({
  queue: one(queues, { fields: [prompts.queueId], references: [queues.id] }),
}));

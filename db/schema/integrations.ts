import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { checkIn, timestamps, tz } from "./columns";
import { companyIdColumn } from "./companies";

export const integrationTypes = ["dialogflow", "n8n", "webhook", "typebot"] as const;

/** Chatbot integrations a queue or connection can hand tickets to. */
export const queueIntegrations = pgTable(
  "queue_integrations",
  {
    id: serial("id").primaryKey(),
    companyId: companyIdColumn(),
    type: text("type").notNull(),
    name: text("name").notNull(),
    // dialogflow project; for n8n, webhook and typebot the spec sets it equal to the name
    projectName: text("project_name").notNull().default(""),
    // dialogflow service-account JSON
    jsonContent: text("json_content").notNull().default(""),
    language: text("language").notNull().default(""),
    // the URL of n8n, webhook and typebot integrations
    urlN8N: text("url_n8n").notNull().default(""),
    typebotDelayMessage: integer("typebot_delay_message").notNull().default(1000),
    typebotExpires: integer("typebot_expires").notNull().default(1),
    typebotKeywordFinish: text("typebot_keyword_finish").notNull().default(""),
    typebotKeywordRestart: text("typebot_keyword_restart").notNull().default(""),
    typebotRestartMessage: text("typebot_restart_message").notNull().default(""),
    typebotSlug: text("typebot_slug").notNull().default(""),
    typebotUnknownMessage: text("typebot_unknown_message").notNull().default(""),
    // the last failure of a bot turn with this integration, shown to admins (cleared by a success)
    lastError: text("last_error"),
    lastErrorAt: timestamp("last_error_at", tz),
    ...timestamps(),
  },
  (t) => [
    // integrations list of a company
    index("queue_integrations_company_idx").on(t.companyId),
    checkIn("queue_integrations_type_check", t.type, integrationTypes),
  ],
);

import { boolean, integer, numeric, pgTable, serial, text } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";

/** Plans offered to companies; limits and the feature flags that gate menu areas. */
export const plans = pgTable("plans", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  users: integer("users").notNull().default(0),
  connections: integer("connections").notNull().default(0),
  queues: integer("queues").notNull().default(0),
  value: numeric("value", { precision: 12, scale: 2, mode: "number" }).notNull().default(0),
  // spec: new plans default all flags to true
  useCampaigns: boolean("use_campaigns").notNull().default(true),
  useKanban: boolean("use_kanban").notNull().default(true),
  useOpenAi: boolean("use_open_ai").notNull().default(true),
  useIntegrations: boolean("use_integrations").notNull().default(true),
  useSchedules: boolean("use_schedules").notNull().default(true),
  useInternalChat: boolean("use_internal_chat").notNull().default(true),
  useExternalApi: boolean("use_external_api").notNull().default(true),
  // shown in the signup plan select (GET /plans/list)
  isPublic: boolean("is_public").notNull().default(true),
  ...timestamps(),
});

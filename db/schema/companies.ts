import { relations } from "drizzle-orm";
import { bigint, boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { checkIn, timestamps, tz } from "./columns";
import { plans } from "./plans";

/** One work-hours entry (company or queue schedules); times are "HH:MM". */
export type ScheduleEntry = { weekday: string; weekdayEn: string; startTime: string; endTime: string };

// spec: renewal advances the due date by MENSAL 1, BIMESTRAL 2, TRIMESTRAL 3, SEMESTRAL 6, ANUAL 12 months
export const recurrences = ["MENSAL", "BIMESTRAL", "TRIMESTRAL", "SEMESTRAL", "ANUAL"] as const;

/** Tenants. */
export const companies = pgTable(
  "companies",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    planId: integer("plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "restrict" }),
    status: boolean("status").notNull().default(true),
    // 'YYYY-MM-DD', compared with "today" in the company timezone
    dueDate: date("due_date", { mode: "string" }),
    recurrence: text("recurrence").notNull().default("MENSAL"),
    timezone: text("timezone").notNull().default("America/Sao_Paulo"),
    schedules: jsonb("schedules").$type<ScheduleEntry[]>().notNull().default([]),
    billingName: text("billing_name"),
    addressZipCode: text("address_zip_code"),
    addressStreet: text("address_street"),
    addressState: text("address_state"),
    addressCity: text("address_city"),
    addressDistrict: text("address_district"),
    trialExpiration: timestamp("trial_expiration", tz),
    // moved by triggers whenever something the chatbot's context is built from changes (connections'
    // bot fields, queues, their connections, settings, timezone, hours): lib/chatbot/context-cache.ts
    botContextVersion: bigint("bot_context_version", { mode: "number" }).notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    // super admin's companies list (search and order by name)
    index("companies_name_idx").on(t.name),
    checkIn("companies_recurrence_check", t.recurrence, recurrences),
  ],
);

/**
 * The tenant column every company-scoped table starts with. A hoisted function declaration, so
 * tables in files that import this one in a cycle can call it before this module body runs.
 */
export function companyIdColumn() {
  return integer("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });
}

/** Company key/value settings (userRating, scheduleType, sendGreetingAccepted, campaignsEnabled, ...). */
export const settings = pgTable(
  "settings",
  {
    id: serial("id").primaryKey(),
    companyId: companyIdColumn(),
    key: text("key").notNull(),
    value: text("value").notNull().default(""),
    ...timestamps(),
  },
  // one value per key; also serves "all settings of a company" and upserts by key
  (t) => [unique("settings_company_key_unique").on(t.companyId, t.key)],
);

export const companiesRelations = relations(companies, ({ one, many }) => ({
  plan: one(plans, { fields: [companies.planId], references: [plans.id] }),
  settings: many(settings),
}));

export const settingsRelations = relations(settings, ({ one }) => ({
  company: one(companies, { fields: [settings.companyId], references: [companies.id] }),
}));

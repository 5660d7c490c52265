import { createTranslator } from "next-intl";
import { formatDayBr } from "@/lib/dates/today";
import { getEnv } from "@/lib/env";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/lib/i18n/locales";
import type { Mail } from "@/lib/mail/enqueue";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import pt from "@/messages/pt.json";
import { formatBRL } from "@/lib/plans/money";

const CATALOGUES = { pt, en, es } as const;

export type ReminderFacts = {
  to: string;
  company: string;
  dueDate: string;
  daysLeft: number;
  /** the open invoice of that period, if one exists */
  amount: number | null;
  /** the company admin's language, else Portuguese */
  locale: string | null;
};

/** The reminder 5 days and 1 day before the due date (messages "billingMail"). */
export function buildReminderMail(f: ReminderFacts): Mail {
  const locale: Locale = isLocale(f.locale) ? f.locale : DEFAULT_LOCALE;
  const t = createTranslator({ locale, messages: CATALOGUES[locale], namespace: "billingMail" });
  const app = createTranslator({ locale, messages: CATALOGUES[locale], namespace: "common" })("appName");
  const url = new URL("/financeiro", getEnv().APP_URL).toString();
  const lines = [
    t("reminderGreeting", { company: f.company }),
    "",
    t("reminderDue", { dueDate: formatDayBr(f.dueDate), days: f.daysLeft }),
    ...(f.amount !== null ? [t("reminderInvoice", { amount: formatBRL(f.amount) })] : []),
    "",
    t("reminderPay", { url }),
    "",
    t("signature", { app }),
  ];
  return { to: f.to, subject: t("reminderSubject", { days: f.daysLeft }), text: lines.join("\n") };
}

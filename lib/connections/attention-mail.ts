import { createTranslator } from "next-intl";
import type { DisconnectReason } from "@/db/schema";
import { getEnv } from "@/lib/env";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/lib/i18n/locales";
import type { Mail } from "@/lib/mail/enqueue";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import pt from "@/messages/pt.json";

const CATALOGUES = { pt, en, es } as const;

export type AttentionFacts = {
  to: string;
  /** the admin's name */
  name: string;
  /** the admin's language, else Portuguese */
  locale: string | null;
  connection: string;
  reason: DisconnectReason | null;
};

/** The mail telling an admin that a connection needs them (messages "connectionMail"). */
export function buildAttentionMail(f: AttentionFacts): Mail {
  const locale: Locale = isLocale(f.locale) ? f.locale : DEFAULT_LOCALE;
  const messages = CATALOGUES[locale];
  const t = createTranslator({ locale, messages, namespace: "connectionMail" });
  const reasons = createTranslator({ locale, messages, namespace: "connections.reasons" });
  const app = createTranslator({ locale, messages, namespace: "common" })("appName");
  const url = new URL("/connections", getEnv().APP_URL).toString();
  // what to do (docs/whatsapp.md, "Versions, and a reason for every status"): pair again, stop the
  // other session, or else look at the network (a new number may need pairing too)
  const repair = f.reason === "loggedOut" || f.reason === "badSession";
  const action = repair ? "actionLoggedOut" : f.reason === "replaced" ? "actionReplaced" : "actionNetwork";
  const lines = [
    t("greeting", { name: f.name }),
    "",
    t("intro", { connection: f.connection }),
    ...(f.reason ? [t("reason", { reason: reasons(f.reason) })] : []),
    "",
    t(action),
    "",
    t("link", { url }),
    "",
    t("once"),
    t("signature", { app }),
  ];
  return { to: f.to, subject: t("subject", { connection: f.connection }), text: lines.join("\n") };
}

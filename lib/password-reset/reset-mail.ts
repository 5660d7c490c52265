import { createTranslator } from "next-intl";
import { getEnv } from "@/lib/env";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/lib/i18n/locales";
import type { Mail } from "@/lib/mail/enqueue";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import pt from "@/messages/pt.json";
import { CODE_TTL_MS } from "./code";

const CATALOGUES = { pt, en, es } as const;

/** The link of the mail: /forgetpsw opens at step 2 with the email and the code filled in. */
export function resetLink(email: string, code: string): string {
  const url = new URL("/forgetpsw", getEnv().APP_URL);
  url.searchParams.set("email", email);
  url.searchParams.set("token", code);
  return url.toString();
}

/** The reset mail in the user's language (their stored locale, else Portuguese). */
export function buildResetMail(to: { email: string; name: string; locale: string | null }, code: string): Mail {
  const locale: Locale = isLocale(to.locale) ? to.locale : DEFAULT_LOCALE;
  const t = createTranslator({ locale, messages: CATALOGUES[locale], namespace: "passwordReset.mail" });
  const link = resetLink(to.email, code);
  const minutes = CODE_TTL_MS / 60_000;
  const text = [
    t("greeting", { name: to.name }),
    "",
    t("intro"),
    "",
    `    ${code}`,
    "",
    t("linkIntro"),
    link,
    "",
    t("expiry", { minutes }),
    t("ignore"),
  ].join("\n");
  const html = `<p>${escapeHtml(t("greeting", { name: to.name }))}</p>
<p>${escapeHtml(t("intro"))}</p>
<p style="font-size:24px;font-weight:bold;letter-spacing:4px;font-family:monospace">${code}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(t("button"))}</a></p>
<p style="color:#666">${escapeHtml(t("expiry", { minutes }))} ${escapeHtml(t("ignore"))}</p>`;
  return { to: to.email, subject: t("subject"), text, html };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

"use client";

import { LOCALE_COOKIE } from "@/lib/i18n/locales";

export type LoginAnswer = {
  token: string;
  user: {
    id: number;
    companyId: number;
    locale: string | null;
    company: { dueDate: string | null; timezone: string; settings: { key: string; value: string }[] };
  };
};

/**
 * spec: session data kept in browser storage (companyId, userId, companyDueDate, cshow): the keys
 * and values a login answer leaves there (null: the key is removed). The token itself stays in the
 * httpOnly cookie: nothing a script could leak.
 */
export function rememberedItems({ user }: LoginAnswer): [string, string | null][] {
  const campaigns = user.company.settings.find((s) => s.key === "campaignsEnabled")?.value;
  return [
    ["companyId", String(user.companyId)],
    ["userId", String(user.id)],
    ["companyDueDate", user.company.dueDate],
    ["cshow", campaigns === "true" ? "true" : null],
  ];
}

/** The cookie that keeps the user's language (read by the server on every page). */
export const localeCookie = (locale: string) => `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;

export function rememberSession(answer: LoginAnswer) {
  for (const [key, value] of rememberedItems(answer)) {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  }
  if (answer.user.locale) document.cookie = localeCookie(answer.user.locale);
}

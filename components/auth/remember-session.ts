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
 * spec: session data kept in browser storage (companyId, userId, companyDueDate, cshow). The token
 * itself stays in the httpOnly cookie: nothing a script could leak.
 */
export function rememberSession({ user }: LoginAnswer) {
  localStorage.setItem("companyId", String(user.companyId));
  localStorage.setItem("userId", String(user.id));
  if (user.company.dueDate) localStorage.setItem("companyDueDate", user.company.dueDate);
  const campaigns = user.company.settings.find((s) => s.key === "campaignsEnabled")?.value;
  if (campaigns === "true") localStorage.setItem("cshow", "true");
  else localStorage.removeItem("cshow");
  if (user.locale) document.cookie = `${LOCALE_COOKIE}=${user.locale}; path=/; max-age=31536000; samesite=lax`;
}

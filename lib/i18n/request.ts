import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale } from "./locales";

/** The locale from the cookie (set by the language switch or from the user), else Accept-Language, else pt. */
async function pickLocale(): Promise<Locale> {
  const fromCookie = (await cookies()).get(LOCALE_COOKIE)?.value;
  if (isLocale(fromCookie)) return fromCookie;
  const accept = (await headers()).get("accept-language") ?? "";
  const first = accept.split(",")[0]?.trim().slice(0, 2).toLowerCase();
  return isLocale(first) ? first : DEFAULT_LOCALE;
}

async function load(locale: Locale) {
  return (await import(`../../messages/${locale}.json`)).default as Record<string, unknown>;
}

/** Deep merge so a key missing in en/es falls back to pt (the default and fallback). */
function withFallback(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = base[k];
    out[k] =
      v && typeof v === "object" && b && typeof b === "object"
        ? withFallback(b as Record<string, unknown>, v as Record<string, unknown>)
        : v;
  }
  return out;
}

export default getRequestConfig(async () => {
  const locale = await pickLocale();
  const pt = await load("pt");
  const messages = locale === "pt" ? pt : withFallback(pt, await load(locale));
  return { locale, messages, timeZone: "America/Sao_Paulo" };
});

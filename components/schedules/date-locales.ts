import { enUS, es, ptBR, type Locale } from "date-fns/locale";

/** The date-fns locale of each app locale (calendar labels, first day of the week, dates in the modal). */
export const DATE_LOCALES: Record<string, Locale> = { pt: ptBR, en: enUS, es };

export const dateLocaleOf = (locale: string): Locale => DATE_LOCALES[locale] ?? ptBR;

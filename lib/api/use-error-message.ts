"use client";

import { useTranslations } from "next-intl";
import { formatDayBr } from "@/lib/dates/today";
import { ApiError } from "./client";

/** spec: show the translation of the server's code if there is one, else the raw text, else the generic. */
export function useErrorMessage() {
  const t = useTranslations("errors");
  const common = useTranslations("common");
  return (err: unknown): string => {
    const code = err instanceof ApiError ? err.code : err instanceof Error ? err.message : "";
    if (code && t.has(code)) {
      const dueDate = err instanceof ApiError ? err.data.dueDate : undefined;
      // a 429 says in how many seconds to try again (ERR_TOO_MANY_ATTEMPTS shows it in minutes)
      const retryAfter = err instanceof ApiError ? Number(err.data.retryAfter) || 0 : 0;
      // ERR_UNEXPECTED_FILE_FIELD names the form field the file came under
      const field = err instanceof ApiError && typeof err.data.field === "string" ? err.data.field : "";
      return t(code, {
        date: typeof dueDate === "string" ? formatDayBr(dueDate) : "",
        minutes: Math.max(1, Math.ceil(retryAfter / 60)),
        field,
      });
    }
    return code || common("genericError");
  };
}

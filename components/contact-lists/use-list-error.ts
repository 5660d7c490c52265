"use client";

import { useTranslations } from "next-intl";
import { ApiError } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";

/** The error text of a contact-list call: this area's own codes first, then the shared catalogue. */
export function useListError() {
  const t = useTranslations("contactLists.errors");
  const errorMessage = useErrorMessage();
  return (err: unknown) => (err instanceof ApiError && t.has(err.code) ? t(err.code) : errorMessage(err));
}

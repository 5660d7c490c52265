"use client";

import { useTranslations } from "next-intl";
import { ContactCombobox } from "@/components/contacts/contact-combobox";
import type { ContactOption } from "./schedule-types";

type Props = {
  id?: string;
  value: ContactOption | null;
  onChange: (contact: ContactOption | null) => void;
  disabled?: boolean;
  invalid?: boolean;
};

/** The schedule modal's contact select: searches the company's contacts from 3 characters. */
export function ContactPicker({ id, value, onChange, disabled, invalid }: Props) {
  const t = useTranslations("schedules.contact");
  return (
    <ContactCombobox
      id={id}
      value={value}
      onChange={onChange}
      searchPath={(q) => `/api/schedules/contacts?searchParam=${encodeURIComponent(q)}`}
      texts={{ placeholder: t("placeholder"), search: t("search"), label: t("label"), typeMore: (count) => t("typeMore", { count }), none: t("none") }}
      testIds={{ trigger: "schedule-contact-trigger", search: "schedule-contact-search", option: "schedule-contact-option" }}
      triggerClassName="min-h-9"
      invalid={invalid}
      disabled={disabled}
    />
  );
}

"use client";

import { UserPlus } from "lucide-react";
import { useTranslations } from "next-intl";
import { ContactCombobox, type ContactItem } from "@/components/contacts/contact-combobox";

export type ContactChoice = ContactItem;

type Props = { value: ContactChoice | null; onChange: (c: ContactChoice) => void; onAddContact: () => void; invalid?: boolean; disabled?: boolean };

/** The new-ticket contact select: the company's contacts (GET /api/contacts) from 3 characters. */
export function ContactSearch({ value, onChange, onAddContact, invalid, disabled }: Props) {
  const t = useTranslations("tickets.newTicket");
  return (
    <ContactCombobox
      id="new-ticket-contact"
      value={value}
      onChange={onChange}
      searchPath={(q) => `/api/contacts?searchParam=${encodeURIComponent(q)}`}
      texts={{
        placeholder: t("contactPlaceholder"),
        search: t("contactSearch"),
        label: t("contact"),
        typeMore: (count) => t("typeMore", { count }),
        none: t("noContacts"),
      }}
      testIds={{ trigger: "new-ticket-contact", search: "new-ticket-contact-search", option: "new-ticket-contact-option" }}
      triggerClassName="min-h-11"
      invalid={invalid}
      disabled={disabled}
      footer={(close) => (
        <button
          type="button"
          onClick={() => {
            close();
            onAddContact();
          }}
          className="flex w-full items-center gap-2 rounded-sm px-2 py-2 text-left text-sm font-medium text-primary outline-none hover:bg-accent focus-visible:bg-accent"
          data-testid="new-ticket-add-contact"
        >
          <UserPlus className="size-4" aria-hidden />
          {t("addContact")}
        </button>
      )}
    />
  );
}

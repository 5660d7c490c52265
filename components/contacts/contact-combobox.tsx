"use client";

import { Check, ChevronsUpDown, Loader2, Search, UserRound } from "lucide-react";
import { useState } from "react";
import { ContactAvatar } from "@/components/contacts/contact-avatar";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { formatPhone } from "@/lib/contacts/format-phone";
import { cn } from "@/lib/utils";
import { CONTACT_SEARCH_MIN_CHARS, useContactSearch } from "./use-contact-search";

export type ContactItem = { id: number; name: string; number: string; profilePicUrl: string; isGroup?: boolean };

type Props<T extends ContactItem> = {
  id?: string;
  value: T | null;
  onChange: (contact: T) => void;
  /** the search URL of a lowercased term of at least 3 characters; answers `{ contacts }` */
  searchPath: (query: string) => string;
  texts: { placeholder: string; search: string; label: string; typeMore: (min: number) => string; none: string };
  testIds: { trigger: string; search: string; option: string };
  triggerClassName?: string;
  /** below the results (e.g. "add a contact"); `close` shuts the popover */
  footer?: (close: () => void) => React.ReactNode;
  disabled?: boolean;
  invalid?: boolean;
};

/** A contact select that searches the company's contacts from 3 characters (new ticket, schedule). */
export function ContactCombobox<T extends ContactItem>({ id, value, onChange, searchPath, texts, testIds, triggerClassName, footer, disabled, invalid }: Props<T>) {
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState("");
  const { enough, searching, results } = useContactSearch<T>(term, searchPath);
  const close = () => setOpen(false);

  return (
    <Popover open={open} onOpenChange={(o) => setOpen(o && !disabled)}>
      <PopoverTrigger asChild>
        <Button
          id={id}
          type="button"
          variant="outline"
          disabled={disabled}
          aria-invalid={invalid}
          className={cn("h-auto w-full justify-between px-3 py-1.5 font-normal", triggerClassName, !value && "text-muted-foreground")}
          data-testid={testIds.trigger}
        >
          {value ? (
            <ContactLine contact={value} />
          ) : (
            <span className="flex items-center gap-2">
              <UserRound aria-hidden />
              {texts.placeholder}
            </span>
          )}
          <ChevronsUpDown className="opacity-50" aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-(--radix-popover-trigger-width) min-w-72 p-0">
        <div className="relative border-b">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            autoFocus
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            placeholder={texts.search}
            aria-label={texts.search}
            className="h-10 rounded-none border-0 pl-9 shadow-none focus-visible:ring-0 dark:bg-transparent"
            data-testid={testIds.search}
          />
          {searching && <Loader2 className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground" aria-hidden />}
        </div>
        <div className="max-h-64 overflow-y-auto p-1" role="listbox" aria-label={texts.label}>
          {!enough && <p className="px-3 py-6 text-center text-sm text-muted-foreground">{texts.typeMore(CONTACT_SEARCH_MIN_CHARS)}</p>}
          {enough && !searching && results.length === 0 && <p className="px-3 py-6 text-center text-sm text-muted-foreground">{texts.none}</p>}
          {results.map((c) => (
            <button
              key={c.id}
              type="button"
              role="option"
              aria-selected={value?.id === c.id}
              onClick={() => {
                onChange(c);
                close();
              }}
              className="flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-none hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent"
              data-testid={testIds.option}
            >
              <ContactLine contact={c} />
              {value?.id === c.id && <Check className="ml-auto size-4 text-primary" aria-hidden />}
            </button>
          ))}
        </div>
        {footer && <div className="border-t p-1">{footer(close)}</div>}
      </PopoverContent>
    </Popover>
  );
}

function ContactLine({ contact }: { contact: ContactItem }) {
  return (
    <span className="flex min-w-0 items-center gap-2.5">
      <ContactAvatar name={contact.name} url={contact.profilePicUrl} isGroup={contact.isGroup} className="size-8" />
      <span className="min-w-0 text-left">
        <span className="block truncate font-medium text-foreground">{contact.name}</span>
        <span className="block truncate text-xs text-muted-foreground tabular-nums">{formatPhone(contact.number, contact.isGroup ?? false)}</span>
      </span>
    </span>
  );
}

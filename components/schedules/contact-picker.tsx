"use client";

import { Check, ChevronsUpDown, Loader2, Search, UserRound } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { api } from "@/lib/api/client";
import { CONTACT_SEARCH_MIN } from "@/lib/schedules/schemas";
import { cn } from "@/lib/utils";
import type { ContactOption } from "./schedule-types";

const SEARCH_DEBOUNCE_MS = 500; // spec core §9: searches are debounced 500 ms

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
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState("");
  const [found, setFound] = useState<{ term: string; contacts: ContactOption[] } | null>(null);
  const query = term.trim();
  const enough = query.length >= CONTACT_SEARCH_MIN;

  useEffect(() => {
    if (!enough) return;
    let live = true;
    const timer = setTimeout(() => {
      api<{ contacts: ContactOption[] }>(`/api/schedules/contacts?searchParam=${encodeURIComponent(query.toLowerCase())}`)
        .then((r) => live && setFound({ term: query, contacts: r.contacts }))
        .catch(() => live && setFound({ term: query, contacts: [] }));
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, enough]);

  const searching = enough && found?.term !== query;
  const results = enough && found ? found.contacts : [];

  return (
    <Popover open={open} onOpenChange={(o) => setOpen(o && !disabled)}>
      <PopoverTrigger asChild>
        <Button
          id={id}
          type="button"
          variant="outline"
          disabled={disabled}
          aria-invalid={invalid}
          className={cn("h-auto min-h-9 w-full justify-between px-3 py-1.5 font-normal", !value && "text-muted-foreground")}
          data-testid="schedule-contact-trigger"
        >
          {value ? <ContactLine contact={value} /> : <span className="flex items-center gap-2"><UserRound aria-hidden />{t("placeholder")}</span>}
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
            placeholder={t("search")}
            aria-label={t("search")}
            className="h-10 rounded-none border-0 pl-9 shadow-none focus-visible:ring-0 dark:bg-transparent"
            data-testid="schedule-contact-search"
          />
          {searching && <Loader2 className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground" aria-hidden />}
        </div>
        <div className="max-h-64 overflow-y-auto p-1" role="listbox" aria-label={t("label")}>
          {!enough && <p className="px-3 py-6 text-center text-sm text-muted-foreground">{t("typeMore", { count: CONTACT_SEARCH_MIN })}</p>}
          {enough && !searching && results.length === 0 && <p className="px-3 py-6 text-center text-sm text-muted-foreground">{t("none")}</p>}
          {results.map((c) => (
            <button
              key={c.id}
              type="button"
              role="option"
              aria-selected={value?.id === c.id}
              onClick={() => {
                onChange(c);
                setOpen(false);
              }}
              className="flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-none hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent"
              data-testid="schedule-contact-option"
            >
              <ContactLine contact={c} />
              {value?.id === c.id && <Check className="ml-auto size-4 text-primary" aria-hidden />}
            </button>
          ))}
        </div>
      </PopoverContent>
    </Popover>
  );
}

function ContactLine({ contact }: { contact: ContactOption }) {
  return (
    <span className="flex min-w-0 items-center gap-2">
      <Avatar className="size-7">
        {contact.profilePicUrl && <AvatarImage src={contact.profilePicUrl} alt="" />}
        <AvatarFallback>{contact.name.slice(0, 2)}</AvatarFallback>
      </Avatar>
      <span className="min-w-0 text-left">
        <span className="block truncate font-medium text-foreground">{contact.name}</span>
        <span className="block truncate text-xs text-muted-foreground tabular-nums">+{contact.number}</span>
      </span>
    </span>
  );
}

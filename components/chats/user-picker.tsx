"use client";

import { Check, Search } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

export type PickableUser = { id: number; name: string };

type Props = { users: PickableUser[]; selected: number[]; onChange: (ids: number[]) => void; invalid: boolean };

/** The dialog's users: a filterable list of check rows (the company's users but the owner). */
export function UserPicker({ users, selected, onChange, invalid }: Props) {
  const t = useTranslations("chats.dialog");
  const [filter, setFilter] = useState("");
  const term = filter.trim().toLowerCase();
  const shown = term ? users.filter((u) => u.name.toLowerCase().includes(term)) : users;
  const toggle = (id: number) => onChange(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  return (
    <div className={cn("rounded-md border", invalid && "border-destructive")}>
      <div className="relative border-b">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder={t("searchUsers")}
          aria-label={t("searchUsers")}
          className="border-0 pl-9 shadow-none focus-visible:ring-0"
          data-testid="chat-users-search"
        />
      </div>
      <div className="max-h-56 overflow-y-auto p-1" role="listbox" aria-multiselectable aria-label={t("users")} aria-invalid={invalid} data-testid="chat-users">
        {shown.length === 0 && <p className="px-3 py-6 text-center text-sm text-muted-foreground">{t("noUsers")}</p>}
        {shown.map((u) => {
          const on = selected.includes(u.id);
          return (
            <button
              key={u.id}
              type="button"
              role="option"
              aria-selected={on}
              onClick={() => toggle(u.id)}
              className="flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-none hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent"
              data-testid="chat-user-option"
            >
              <span
                className={cn("flex size-4 shrink-0 items-center justify-center rounded-[4px] border", on ? "border-primary bg-primary text-primary-foreground" : "border-input")}
                aria-hidden
              >
                {on && <Check className="size-3" />}
              </span>
              <span className="truncate">{u.name}</span>
            </button>
          );
        })}
      </div>
      <p className="border-t px-3 py-1.5 text-xs text-muted-foreground">{t("selected", { count: selected.length })}</p>
    </div>
  );
}

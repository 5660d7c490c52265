"use client";

import { Check, Plus, Tags, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { readableTextColor } from "@/lib/tags/colors";

type Tag = { id: number; name: string; color: string };

/**
 * The ticket's tags under the header: chips that can be removed and a picker to add more. Each
 * change saves the whole set (POST /api/tags/sync); the server's answer is what stays shown.
 * Read only (chips alone) for a user who may not change the ticket (lib/tickets/ticket-rules.ts).
 */
export function TicketTags({ ticketId, tags, editable }: { ticketId: number; tags: Tag[]; editable: boolean }) {
  const t = useTranslations("tickets.conversation.tags");
  const errorMessage = useErrorMessage();
  const [chosen, setChosen] = useState<Tag[]>(tags);
  const [source, setSource] = useState(tags);
  const [all, setAll] = useState<Tag[] | null>(null);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");

  // a fresher ticket (event, refetch) brings the server's set
  if (tags !== source) {
    setSource(tags);
    setChosen(tags);
  }

  useEffect(() => {
    if (!open || all) return;
    api<Tag[]>("/api/tags/list")
      .then(setAll)
      .catch((err) => toast({ variant: "error", title: errorMessage(err) }));
    // fetched once, the first time the picker opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, all]);

  const save = async (next: Tag[]) => {
    const before = chosen;
    setChosen(next);
    try {
      const res = await api<{ tags: Tag[] }>("/api/tags/sync", { method: "POST", json: { ticketId, tags: next.map(({ id }) => ({ id })) } });
      setChosen(res.tags);
    } catch (err) {
      setChosen(before);
      toast({ variant: "error", title: errorMessage(err) });
    }
  };

  const toggle = (tag: Tag) => save(chosen.some((c) => c.id === tag.id) ? chosen.filter((c) => c.id !== tag.id) : [...chosen, tag]);
  const term = search.trim().toLowerCase();
  const options = (all ?? []).filter((tag) => tag.name.toLowerCase().includes(term));

  return (
    <div className="flex min-h-10 flex-wrap items-center gap-1.5 border-b bg-card px-3 py-1.5 sm:px-4" data-testid="ticket-tags">
      <Tags className="size-4 shrink-0 text-muted-foreground" aria-label={t("label")} />
      {chosen.map((tag) => (
        <span
          key={tag.id}
          className="inline-flex max-w-48 items-center gap-1 rounded-full py-0.5 pr-1 pl-2.5 text-xs font-semibold shadow-xs ring-1 ring-black/10 ring-inset dark:ring-white/15"
          style={{ backgroundColor: tag.color, color: readableTextColor(tag.color) }}
          data-testid="ticket-tag"
        >
          <span className="truncate">{tag.name}</span>
          {editable && (
            <button type="button" onClick={() => toggle(tag)} className="rounded-full p-0.5 opacity-70 hover:bg-black/15 hover:opacity-100" aria-label={t("remove", { name: tag.name })}>
              <X className="size-3" aria-hidden />
            </button>
          )}
        </span>
      ))}
      {editable && (
        <Popover open={open} onOpenChange={setOpen}>
          <PopoverTrigger asChild>
            <Button variant="ghost" size="sm" className="h-7 rounded-full px-2 text-xs text-muted-foreground" data-testid="add-tag">
              <Plus className="size-3.5" aria-hidden />
              {chosen.length ? t("add") : t("empty")}
            </Button>
          </PopoverTrigger>
          <PopoverContent align="start" className="w-64 p-2">
            <Input value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t("search")} className="mb-2 h-8" aria-label={t("search")} />
            <ul className="max-h-60 overflow-y-auto" role="listbox" aria-multiselectable>
              {all === null && <li className="px-2 py-1.5 text-sm text-muted-foreground">{t("loading")}</li>}
              {all !== null && options.length === 0 && <li className="px-2 py-1.5 text-sm text-muted-foreground">{t("none")}</li>}
              {options.map((tag) => {
                const on = chosen.some((c) => c.id === tag.id);
                return (
                  <li key={tag.id} role="option" aria-selected={on}>
                    <button type="button" onClick={() => toggle(tag)} className="flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm hover:bg-accent">
                      <span className="size-3 shrink-0 rounded-full ring-1 ring-black/10" style={{ backgroundColor: tag.color }} aria-hidden />
                      <span className="min-w-0 flex-1 truncate">{tag.name}</span>
                      {on && <Check className="size-4 text-primary" aria-hidden />}
                    </button>
                  </li>
                );
              })}
            </ul>
          </PopoverContent>
        </Popover>
      )}
    </div>
  );
}

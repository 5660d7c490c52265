"use client";

import { Layers, Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { MultiSelect } from "./multi-select";
import type { QueueOption } from "./ticket-types";

type Props = {
  onNewTicket: () => void;
  /** null: the viewer may not show every ticket (tickets-manager:showall is for admins) */
  showAll: boolean | null;
  onShowAll: (on: boolean) => void;
  queues: QueueOption[];
  chosenQueues: number[];
  onQueues: (ids: number[]) => void;
};

/** spec core §2 controls: new ticket, "show all" (admins), the queue multi-select. */
export function ListToolbar({ onNewTicket, showAll, onShowAll, queues, chosenQueues, onQueues }: Props) {
  const t = useTranslations("tickets.list");
  const all = chosenQueues.length === queues.length;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button size="sm" onClick={onNewTicket} data-testid="new-ticket">
        <Plus aria-hidden />
        {t("buttons.newTicket")}
      </Button>
      <MultiSelect
        label={t("filters.queues")}
        icon={<Layers aria-hidden />}
        options={queues}
        selected={chosenQueues}
        onChange={onQueues}
        summary={all ? t("filters.allQueues") : t("filters.queuesChosen", { count: chosenQueues.length })}
        emptyText={t("filters.noQueues")}
        testId="tickets-filter-queues"
        required
        className="max-w-44 min-w-0 flex-1"
      />
      {showAll !== null && (
        <div className="ml-auto flex items-center gap-2">
          <Switch id="tickets-show-all" checked={showAll} onCheckedChange={onShowAll} data-testid="tickets-show-all" />
          <Label htmlFor="tickets-show-all" className="text-sm font-normal whitespace-nowrap text-muted-foreground">
            {t("filters.showAll")}
          </Label>
        </div>
      )}
    </div>
  );
}

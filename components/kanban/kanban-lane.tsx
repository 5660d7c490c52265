"use client";

import { useDroppable } from "@dnd-kit/core";
import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { InfiniteScrollSentinel } from "@/components/lists/infinite-scroll";
import { readableTextColor } from "@/lib/tags/colors";
import { cn } from "@/lib/utils";
import type { Card, LaneKey, LaneState } from "./board-types";
import { KanbanCard } from "./kanban-card";

type Props = {
  lane: LaneKey;
  title: string;
  /** the tag's colour; none for 'Em aberto' */
  color: string | null;
  state: LaneState | undefined;
  onMore: () => void;
  canMove: (card: Card) => boolean;
  cardLabel: (card: Card) => string;
};

/** One lane: its header in the tag's colour, its cards newest first, 40 more as it scrolls. */
export function KanbanLane({ lane, title, color, state, onMore, canMove, cardLabel }: Props) {
  const t = useTranslations("kanban");
  const { setNodeRef, isOver } = useDroppable({ id: `lane-${lane}`, data: { lane } });
  const items = state?.items ?? [];
  return (
    <section
      ref={setNodeRef}
      aria-label={t("a11y.lane", { lane: title })}
      className={cn(
        "flex max-h-full w-[18rem] shrink-0 flex-col rounded-xl border bg-muted/50 transition-colors dark:bg-muted/30",
        isOver && "border-primary/60 bg-primary/5 dark:bg-primary/10",
      )}
      data-testid="kanban-lane"
      data-lane={String(lane)}
    >
      <header
        className={cn("flex items-center justify-between gap-2 rounded-t-xl px-3 py-2.5", !color && "border-b bg-card")}
        style={color ? { backgroundColor: color, color: readableTextColor(color) } : undefined}
      >
        <h2 className="truncate text-sm font-semibold">{title}</h2>
        <span
          className={cn("rounded-full px-2 py-0.5 text-xs font-medium tabular-nums", color ? "bg-black/15" : "bg-muted text-muted-foreground")}
          aria-label={t("count", { count: state?.count ?? 0 })}
          data-testid="kanban-lane-count"
        >
          {state ? state.count : "…"}
        </span>
      </header>
      <div className="min-h-24 flex-1 overflow-y-auto p-2">
        {!state ? (
          <div className="flex justify-center py-6">
            <Loader2 className="size-5 animate-spin text-muted-foreground" aria-label={t("loading")} />
          </div>
        ) : items.length === 0 ? (
          <p className="rounded-lg border border-dashed px-3 py-6 text-center text-xs text-muted-foreground">{t("emptyLane")}</p>
        ) : (
          <ul className="space-y-2">
            {items.map((card) => (
              <KanbanCard key={card.id} card={card} lane={lane} movable={canMove(card)} label={cardLabel(card)} />
            ))}
          </ul>
        )}
        <InfiniteScrollSentinel onEnd={onMore} enabled={Boolean(state?.hasMore)} />
      </div>
    </section>
  );
}

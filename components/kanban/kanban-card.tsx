"use client";

import { useDraggable } from "@dnd-kit/core";
import { GripVertical } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { Card, LaneKey } from "./board-types";

export type DragData = { ticketId: number; from: LaneKey };

/** The face of a card (also what the drag overlay shows). */
export function CardFace({ card, dragging, movable }: { card: Card; dragging?: boolean; movable: boolean }) {
  const t = useTranslations("kanban");
  return (
    <div
      className={cn(
        "rounded-lg border bg-card p-3 text-card-foreground shadow-xs transition-shadow",
        movable && "hover:border-primary/40 hover:shadow-sm",
        dragging && "rotate-1 border-primary/60 shadow-lg ring-2 ring-primary/30",
      )}
    >
      <div className="mb-1.5 flex items-center gap-2 text-xs text-muted-foreground">
        {movable && <GripVertical className="-ml-1 size-3.5 shrink-0 opacity-60" aria-hidden />}
        <span className="font-medium tabular-nums" data-testid="kanban-card-number">
          {t("ticketNumber", { id: card.id })}
        </span>
        {card.queue && (
          <span className="ml-auto flex min-w-0 items-center gap-1">
            <span className="size-2 shrink-0 rounded-full" style={{ backgroundColor: card.queue.color }} aria-hidden />
            <span className="truncate">{card.queue.name}</span>
          </span>
        )}
      </div>
      <p className="truncate text-sm font-semibold" data-testid="kanban-card-contact">
        {card.contact.name}
      </p>
      <p className="truncate text-xs text-muted-foreground">{card.contact.number}</p>
      <p className="mt-2 line-clamp-2 min-h-8 text-xs break-words text-foreground/80" data-testid="kanban-card-message">
        {card.lastMessage || <span className="text-muted-foreground italic">{t("noMessage")}</span>}
      </p>
      <div className="mt-3 flex justify-end">
        <Button asChild size="sm" variant="outline" className="h-7 px-2.5 text-xs">
          <Link href={`/tickets/${card.uuid}`} data-testid="kanban-card-open">
            {t("viewTicket")}
          </Link>
        </Button>
      </div>
    </div>
  );
}

/**
 * A card that drags (dnd-kit; the overlay shows it moving, the card stays in place, dimmed): with the pointer after a few pixels (so 'Ver Ticket' still clicks),
 * or focused with Space, the arrows between lanes, and Space again. A ticket the viewer may not
 * change (lib/tickets/ticket-rules.ts canWriteTicket) stays put. The card is the list's item, focusable,
 * not a button: a button may not hold the 'Ver Ticket' link (axe nested-interactive, issue 34 §8).
 */
export function KanbanCard({ card, lane, movable, label }: { card: Card; lane: LaneKey; movable: boolean; label: string }) {
  const t = useTranslations("kanban");
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: `card-${card.id}-${lane}`,
    data: { ticketId: card.id, from: lane } satisfies DragData,
    disabled: !movable,
    attributes: { role: "listitem" },
  });
  return (
    <li
      ref={(el) => {
        setNodeRef(el);
        setActivatorNodeRef(el);
      }}
      {...attributes}
      {...listeners}
      aria-roledescription={t("a11y.card")}
      aria-label={label}
      title={movable ? undefined : t("cannotMove")}
      className={cn(
        "rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
        // a vertical swipe still scrolls the lane on touch screens; a sideways one drags the card
        movable ? "cursor-grab touch-pan-y" : "cursor-default",
        isDragging && "opacity-40",
      )}
      data-testid="kanban-card"
      data-ticket-id={card.id}
    >
      <CardFace card={card} movable={movable} />
    </li>
  );
}

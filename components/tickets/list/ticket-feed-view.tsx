"use client";

import { Inbox, Loader2, RotateCw, TriangleAlert } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import type { RowActions } from "./ticket-row-actions";
import { TicketRow } from "./ticket-row";
import type { TicketFeed } from "./use-ticket-feed";

const NEAR_BOTTOM_PX = 100; // spec core §9: other infinite lists load within 100 px of the bottom

type Props = {
  feed: TicketFeed;
  active: boolean;
  emptyText: string;
  errorText: string;
  retryText: string;
  selectedUuid: string | null;
  narrow: boolean;
  canPeek: boolean;
  busyId: number | null;
  actions: RowActions;
};

/**
 * One tab's scrolling list. Every tab stays mounted (hidden when not shown) so each keeps its
 * scroll; only the shown one carries the `ticket-list` test id.
 */
export function TicketFeedView({ feed, active, emptyText, errorText, retryText, selectedUuid, narrow, canPeek, busyId, actions }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const { loadMore } = feed;

  const nearBottom = () => {
    const el = box.current;
    return !!el && el.scrollHeight - el.scrollTop - el.clientHeight <= NEAR_BOTTOM_PX;
  };

  // a first page shorter than the panel cannot be scrolled: ask for the next one at once
  useEffect(() => {
    if (active && feed.hasMore && !feed.loadingMore && nearBottom()) loadMore();
  }, [active, feed.hasMore, feed.loadingMore, feed.items.length, loadMore]);

  return (
    <div
      ref={box}
      className={cn("min-h-0 flex-1 overflow-y-auto overscroll-contain", !active && "hidden")}
      onScroll={() => feed.hasMore && nearBottom() && loadMore()}
    >
      {feed.failed && (
        <div role="alert" className="flex items-center gap-2 border-b bg-destructive/10 px-3 py-2 text-sm text-destructive" data-testid={active ? "ticket-list-error" : undefined}>
          <TriangleAlert className="size-4 shrink-0" aria-hidden />
          <span className="min-w-0 flex-1">{errorText}</span>
          <Button size="sm" variant="outline" onClick={feed.retry} data-testid={active ? "ticket-list-retry" : undefined}>
            <RotateCw aria-hidden />
            {retryText}
          </Button>
        </div>
      )}
      {feed.loading ? (
        <ListSkeleton />
      ) : (
        <ul data-testid={active ? "ticket-list" : undefined} aria-busy={feed.loadingMore}>
          {feed.items.map((ticket) => (
            <TicketRow
              key={ticket.id}
              ticket={ticket}
              selected={ticket.uuid === selectedUuid}
              narrow={narrow}
              canPeek={canPeek}
              busy={busyId === ticket.id}
              actions={actions}
            />
          ))}
          {feed.items.length === 0 && !feed.failed && (
            <li className="flex flex-col items-center gap-3 px-6 py-16 text-center text-sm text-muted-foreground" data-testid="ticket-list-empty">
              <span className="flex size-12 items-center justify-center rounded-full bg-muted">
                <Inbox className="size-6" aria-hidden />
              </span>
              {emptyText}
            </li>
          )}
        </ul>
      )}
      {feed.loadingMore && (
        <div className="flex justify-center py-3 text-muted-foreground">
          <Loader2 className="size-5 animate-spin" aria-hidden />
        </div>
      )}
    </div>
  );
}

function ListSkeleton() {
  return (
    <div className="space-y-0" aria-hidden>
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="flex gap-3 border-b py-3 pr-3 pl-4">
          <Skeleton className="size-11 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3.5 w-full" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        </div>
      ))}
    </div>
  );
}

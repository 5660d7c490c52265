"use client";

import { Plus } from "lucide-react";
import { InfiniteScrollSentinel } from "@/components/lists/infinite-scroll";
import { SearchBox, type SearchBoxProps } from "@/components/lists/search-box";
import { Button } from "@/components/ui/button";

type Props = {
  /** the tab's heading (the page's title is Settings) */
  title: string;
  description?: string;
  add: { label: string; testId: string; onClick: () => void };
  search: SearchBoxProps;
  paging?: { hasMore: boolean; loading: boolean; loadMore: () => void };
  /** the table, then the tab's dialogs */
  children: React.ReactNode;
};

/**
 * The frame of the super admin's Settings tabs (Companies, Plans, Help): the list-screen pattern
 * (admin §2.1: search, add button, table, infinite scroll) under a heading, inside a tab.
 */
export function AdminTabFrame({ title, description, add, search, paging, children }: Props) {
  return (
    <section className="space-y-4" aria-label={title}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h2 className="text-lg font-semibold tracking-tight">{title}</h2>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </div>
        <Button onClick={add.onClick} data-testid={add.testId}>
          <Plus aria-hidden />
          {add.label}
        </Button>
      </div>
      <SearchBox {...search} />
      {children}
      {paging && <InfiniteScrollSentinel onEnd={paging.loadMore} enabled={paging.hasMore && !paging.loading} />}
    </section>
  );
}

"use client";

import { Plus } from "lucide-react";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { InfiniteScrollSentinel } from "./infinite-scroll";
import { SearchBox, type SearchBoxProps } from "./search-box";

type Props = {
  title: string;
  /** "section": a list inside a tab (the page's title is elsewhere): an h2 heading in a section */
  as?: "page" | "section";
  /** header buttons shown before the add button (contacts: import, export) */
  actions?: React.ReactNode;
  /** the add button; left out where the viewer may not add */
  add?: { label: string; testId: string; onClick: () => void };
  search?: SearchBoxProps;
  /** a paged list (usePagedList): the next page loads as the end of the list comes near */
  paging?: { hasMore: boolean; loading: boolean; loadMore: () => void };
  /** the table, then the screen's dialogs (they render in a portal, not here) */
  children: React.ReactNode;
};

/**
 * The frame of an admin list screen (admin §2.1): title with its buttons, search, the table,
 * paging. Also the super admin's Settings tabs (Companies, Plans, Help), as sections.
 */
export function ListScreen({ title, as = "page", actions, add, search, paging, children }: Props) {
  const buttons = (actions || add) && (
    <>
      {actions}
      {add && (
        <Button onClick={add.onClick} data-testid={add.testId}>
          <Plus aria-hidden />
          {add.label}
        </Button>
      )}
    </>
  );
  const body = (
    <>
      {search && <SearchBox {...search} />}
      {children}
      {paging && <InfiniteScrollSentinel onEnd={paging.loadMore} enabled={paging.hasMore && !paging.loading} />}
    </>
  );
  if (as === "section") {
    return (
      <section className="space-y-4" aria-label={title}>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 className="text-lg font-semibold tracking-tight">{title}</h2>
          {buttons && <div className="flex items-center gap-2">{buttons}</div>}
        </div>
        {body}
      </section>
    );
  }
  return (
    <div className="space-y-4">
      <PageHeader title={title}>{buttons}</PageHeader>
      {body}
    </div>
  );
}

"use client";

import { Plus } from "lucide-react";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { InfiniteScrollSentinel } from "./infinite-scroll";
import { SearchBox, type SearchBoxProps } from "./search-box";

type Props = {
  title: string;
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

/** The frame of an admin list screen (admin §2.1): title with its buttons, search, the table, paging. */
export function ListScreen({ title, actions, add, search, paging, children }: Props) {
  return (
    <div className="space-y-4">
      <PageHeader title={title}>
        {(actions || add) && (
          <>
            {actions}
            {add && (
              <Button onClick={add.onClick} data-testid={add.testId}>
                <Plus aria-hidden />
                {add.label}
              </Button>
            )}
          </>
        )}
      </PageHeader>
      {search && <SearchBox {...search} />}
      {children}
      {paging && <InfiniteScrollSentinel onEnd={paging.loadMore} enabled={paging.hasMore && !paging.loading} />}
    </div>
  );
}

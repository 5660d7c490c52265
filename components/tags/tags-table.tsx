"use client";

import { Columns3, Pencil, Plus, Tags, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ConfirmDialog } from "@/components/lists/confirm-dialog";
import { InfiniteScrollSentinel } from "@/components/lists/infinite-scroll";
import { useRowDelete } from "@/components/lists/use-row-delete";
import { usePagedList } from "@/components/lists/use-paged-list";
import { useRealtimeEvent, useRealtimeReconnect } from "@/components/realtime/use-realtime";
import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { RowAction } from "./row-action";
import { SearchBox } from "./search-box";
import { TagChip } from "./tag-chip";
import { TagDialog } from "./tag-dialog";
import type { TagEvent, TagRow } from "./tag-types";

type Props = {
  companyId: number;
  initial: { items: TagRow[]; hasMore: boolean };
  /** admin or supervisor: the kanban switch (admin §6) */
  canKanban: boolean;
  canDelete: boolean;
};

/** The tags page (core §2): search, add, table with the coloured chip and ticket count, edit, delete. */
export function TagsTable({ companyId, initial, canKanban, canDelete }: Props) {
  const t = useTranslations("tags");
  const list = usePagedList<TagRow>({ url: "/api/tags", key: "tags", initial });
  const [dialog, setDialog] = useState<{ key: number; tag: TagRow | null } | null>(null);

  useRealtimeEvent<TagEvent>(channels.company(companyId), EVENTS.tag, (e) => {
    if (e.action === "delete") list.remove(e.tagId);
    else if (e.action === "update") list.upsert(e.tag);
    else list.reload();
  });
  useRealtimeReconnect(list.reload);

  const openDialog = (tag: TagRow | null) => setDialog((d) => ({ key: (d?.key ?? 0) + 1, tag }));
  const del = useRowDelete<TagRow>({
    path: (r) => `/api/tags/${r.id}`,
    onDeleted: (r) => list.remove(r.id),
    deletedTitle: t("toasts.deleted"),
  });
  const columns = 4;

  return (
    <div className="space-y-4">
      <PageHeader title={t("title")}>
        <Button onClick={() => openDialog(null)} data-testid="add-tag">
          <Plus aria-hidden />
          {t("buttons.add")}
        </Button>
      </PageHeader>
      <SearchBox value={list.search} onChange={list.setSearch} label={t("search")} testId="tags-search" />
      <div className="rounded-xl border bg-card">
        <Table data-testid="tags-table" className="table-fixed">
          <TableHeader>
            <TableRow>
              <TableHead className="pl-4">{t("table.name")}</TableHead>
              <TableHead className="w-20 text-right sm:w-28 sm:text-center">{t("table.tickets")}</TableHead>
              <TableHead className="hidden w-28 text-center sm:table-cell">{t("table.kanban")}</TableHead>
              <TableHead className="w-24 pr-4 text-right sm:w-28">{t("table.actions")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.items.map((row) => (
              <TableRow key={row.id} data-testid={`tag-row-${row.id}`}>
                <TableCell className="pl-4">
                  <div className="flex min-w-0 flex-wrap items-center gap-2">
                    <TagChip name={row.name} color={row.color} className="sm:max-w-[24rem]" />
                    {row.kanban === 1 && (
                      <Badge variant="secondary" className="sm:hidden">
                        <Columns3 aria-hidden />
                        {t("table.kanban")}
                      </Badge>
                    )}
                  </div>
                </TableCell>
                <TableCell className="text-right tabular-nums sm:text-center" data-testid="tag-tickets-count">
                  {row.ticketsCount}
                </TableCell>
                <TableCell className="hidden text-center sm:table-cell">
                  {row.kanban === 1 ? (
                    <Badge variant="secondary" data-testid="tag-kanban">
                      <Columns3 aria-hidden />
                      {t("kanbanOn")}
                    </Badge>
                  ) : (
                    <span className="text-muted-foreground" aria-label={t("kanbanOff")}>
                      —
                    </span>
                  )}
                </TableCell>
                <TableCell className="pr-4">
                  <div className="flex justify-end">
                    <RowAction label={t("buttons.edit")} onClick={() => openDialog(row)} testId="edit-tag">
                      <Pencil />
                    </RowAction>
                    {canDelete && (
                      <RowAction label={t("buttons.delete")} onClick={() => del.ask(row)} testId="delete-tag">
                        <Trash2 />
                      </RowAction>
                    )}
                  </div>
                </TableCell>
              </TableRow>
            ))}
            {list.loading &&
              Array.from({ length: 3 }, (_, i) => (
                <TableRow key={`s${i}`}>
                  <TableCell colSpan={columns} className="px-4">
                    <Skeleton className="h-5 w-full" />
                  </TableCell>
                </TableRow>
              ))}
            {!list.loading && list.items.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns} className="py-14 text-center text-muted-foreground">
                  <Tags className="mx-auto mb-3 size-8 opacity-60" aria-hidden />
                  {list.search.trim() ? t("noResults") : t("empty")}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </div>
      <InfiniteScrollSentinel onEnd={list.loadMore} enabled={list.hasMore && !list.loading} />

      {dialog && (
        <TagDialog
          key={dialog.key}
          tag={dialog.tag}
          canKanban={canKanban}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            setDialog(null);
            if (dialog.tag) list.upsert(saved);
            else list.reload();
          }}
        />
      )}
      <ConfirmDialog
        {...del.dialog}
        title={t("confirm.deleteTitle", { name: del.row?.name ?? "" })}
        message={t("confirm.deleteMessage")}
        confirmLabel={t("buttons.delete")}
        testId="confirm-dialog"
      />
    </div>
  );
}

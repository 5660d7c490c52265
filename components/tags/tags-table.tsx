"use client";

import { Columns3, Tags } from "lucide-react";
import { useTranslations } from "next-intl";
import { ConfirmDialog } from "@/components/lists/confirm-dialog";
import { ListScreen } from "@/components/lists/list-screen";
import { ListTable } from "@/components/lists/list-table";
import { RowActions } from "@/components/lists/row-action";
import { useEditDialog } from "@/components/lists/use-edit-dialog";
import { useRowDelete } from "@/components/lists/use-row-delete";
import { useLiveList } from "@/components/lists/use-live-list";
import { Badge } from "@/components/ui/badge";
import { TableCell, TableRow } from "@/components/ui/table";
import { channels, EVENTS } from "@/lib/realtime/channels";
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
  const list = useLiveList<TagRow, TagEvent>({ url: "/api/tags", key: "tags", initial }, channels.company(companyId), EVENTS.tag, (e) =>
    e.action === "delete" ? { remove: e.tagId } : e.action === "update" ? { upsert: e.tag } : "reload",
  );

  const { dialog, open: openDialog, close: closeDialog } = useEditDialog<TagRow>();
  const del = useRowDelete<TagRow>({
    path: (r) => `/api/tags/${r.id}`,
    onDeleted: (r) => list.remove(r.id),
    deletedTitle: t("toasts.deleted"),
  });

  return (
    <ListScreen
      title={t("title")}
      add={{ label: t("buttons.add"), testId: "add-tag", onClick: () => openDialog(null) }}
      search={{ value: list.search, onChange: list.setSearch, label: t("search"), testId: "tags-search" }}
      paging={list}
    >
      <ListTable
        testId="tags-table"
        className="table-fixed"
        columns={[
          { label: t("table.name"), className: "pl-4" },
          { label: t("table.tickets"), className: "w-20 text-right sm:w-28 sm:text-center" },
          { label: t("table.kanban"), className: "hidden w-28 text-center sm:table-cell" },
          { label: t("table.actions"), className: "w-24 pr-4 text-right sm:w-28" },
        ]}
        rows={list.items}
        loading={list.loading}
        empty={list.search.trim() ? t("noResults") : t("empty")}
        emptyIcon={Tags}
        renderRow={(row) => (
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
              <RowActions
                edit={{ label: t("buttons.edit"), testId: "edit-tag", onClick: () => openDialog(row) }}
                remove={canDelete ? { label: t("buttons.delete"), testId: "delete-tag", onClick: () => del.ask(row) } : undefined}
              />
            </TableCell>
          </TableRow>
        )}
      />

      {dialog && (
        <TagDialog
          key={dialog.key}
          tag={dialog.row}
          canKanban={canKanban}
          onClose={closeDialog}
          onSaved={(saved) => {
            closeDialog();
            if (dialog.row) list.upsert(saved);
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
    </ListScreen>
  );
}

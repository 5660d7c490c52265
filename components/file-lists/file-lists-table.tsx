"use client";

import { FolderOpen } from "lucide-react";
import { useTranslations } from "next-intl";
import { ConfirmDialog } from "@/components/lists/confirm-dialog";
import { ListScreen } from "@/components/lists/list-screen";
import { ListTable } from "@/components/lists/list-table";
import { RowActions } from "@/components/lists/row-action";
import { useEditDialog } from "@/components/lists/use-edit-dialog";
import { useRowDelete } from "@/components/lists/use-row-delete";
import { useLiveList } from "@/components/lists/use-live-list";
import { TableCell, TableRow } from "@/components/ui/table";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { FileListDialog } from "./file-list-dialog";
import type { FileListEvent, FileListRow } from "./file-list-types";

type Props = { companyId: number; initial: { items: FileListRow[]; hasMore: boolean } };

/** The file lists page (admin §2.11): search, add, the lists by name with edit and delete, live. */
export function FileListsTable({ companyId, initial }: Props) {
  const t = useTranslations("fileLists");
  const list = useLiveList<FileListRow, FileListEvent>({ url: "/api/files", key: "files", initial }, channels.admins(companyId), EVENTS.file, (e) =>
    e.action === "delete" ? { remove: e.id } : e.action === "update" ? { upsert: e.record } : "reload",
  );

  const { dialog, open: openDialog, close: closeDialog } = useEditDialog<FileListRow>();
  const del = useRowDelete<FileListRow>({
    path: (r) => `/api/files/${r.id}`,
    onDeleted: (r) => list.remove(r.id),
    deletedTitle: t("toasts.deleted"),
  });

  return (
    <ListScreen
      title={t("title")}
      add={{ label: t("buttons.add"), testId: "add-file-list", onClick: () => openDialog(null) }}
      search={{ value: list.search, onChange: list.setSearch, label: t("search"), testId: "file-lists-search" }}
      paging={list}
    >
      <ListTable
        testId="file-lists-table"
        className="table-fixed"
        columns={[
          { label: t("table.name"), className: "pl-4" },
          { label: t("table.actions"), className: "w-24 pr-4 text-right sm:w-28" },
        ]}
        rows={list.items}
        loading={list.loading}
        empty={list.search.trim() ? t("noResults") : t("empty")}
        emptyIcon={FolderOpen}
        renderRow={(row) => (
          <TableRow key={row.id} data-testid={`file-list-row-${row.id}`}>
            <TableCell className="truncate pl-4 font-medium">{row.name}</TableCell>
            <TableCell className="pr-4">
              <RowActions
                edit={{ label: t("buttons.edit"), testId: "edit-file-list", onClick: () => openDialog(row) }}
                remove={{ label: t("buttons.delete"), testId: "delete-file-list", onClick: () => del.ask(row) }}
              />
            </TableCell>
          </TableRow>
        )}
      />

      {dialog && (
        <FileListDialog
          key={dialog.key}
          row={dialog.row}
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

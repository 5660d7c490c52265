"use client";

import { LifeBuoy, Video, VideoOff } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ConfirmDialog } from "@/components/lists/confirm-dialog";
import { ListTable } from "@/components/lists/list-table";
import { RowActions } from "@/components/lists/row-action";
import { usePagedList } from "@/components/lists/use-paged-list";
import { ListScreen } from "@/components/lists/list-screen";
import { useRowDelete } from "@/components/lists/use-row-delete";
import { TableCell, TableRow } from "@/components/ui/table";
import type { HelpVideo } from "@/lib/helps/list-helps";
import { youtubeCode } from "@/lib/helps/youtube";
import { HelpDialog } from "./help-dialog";

/** Settings › Help (admin §2.4, super users): the help videos every user sees on /helps; add, edit, delete. */
export function HelpsAdminTab() {
  const t = useTranslations("helpsAdmin");
  const list = usePagedList<HelpVideo>({ url: "/api/helps", key: "helps" });
  const [dialog, setDialog] = useState<{ key: number; help: HelpVideo | null } | null>(null);
  const del = useRowDelete<HelpVideo>({
    path: (h) => `/api/helps/${h.id}`,
    onDeleted: (h) => list.remove(h.id),
    deletedTitle: t("toasts.deleted"),
    failedTitle: t("toasts.deleteFailed"),
  });
  const openDialog = (help: HelpVideo | null) => setDialog((d) => ({ key: (d?.key ?? 0) + 1, help }));

  return (
    <ListScreen
      as="section"
      title={t("title")}
      add={{ label: t("buttons.add"), testId: "add-help", onClick: () => openDialog(null) }}
      search={{ value: list.search, onChange: list.setSearch, label: t("search"), testId: "helps-search" }}
      paging={list}
    >
      <ListTable
        testId="helps-table"
        className="table-fixed"
        columns={[
          { label: t("table.title"), className: "pl-4" },
          { label: t("table.video"), className: "hidden w-44 sm:table-cell" },
          { label: t("table.actions"), className: "w-24 pr-4 text-right" },
        ]}
        rows={list.items}
        loading={list.loading}
        empty={list.search.trim() ? t("noResults") : t("empty")}
        emptyIcon={LifeBuoy}
        renderRow={(h) => {
          const code = youtubeCode(h.video);
          return (
            <TableRow key={h.id} data-testid={`help-row-${h.id}`}>
              <TableCell className="pl-4">
                <div className="truncate font-medium">{h.title}</div>
                {h.description && <div className="truncate text-xs text-muted-foreground">{h.description}</div>}
              </TableCell>
              <TableCell className="hidden sm:table-cell">
                <span className="inline-flex max-w-full items-center gap-1.5 text-sm text-muted-foreground">
                  {code ? <Video className="size-4 shrink-0" aria-hidden /> : <VideoOff className="size-4 shrink-0" aria-hidden />}
                  <span className="truncate font-mono text-xs">{code ?? t("noVideo")}</span>
                </span>
              </TableCell>
              <TableCell className="pr-4">
                <RowActions
                  edit={{ label: t("buttons.edit"), testId: "edit-help", onClick: () => openDialog(h) }}
                  remove={{ label: t("buttons.delete"), testId: "delete-help", onClick: () => del.ask(h) }}
                />
              </TableCell>
            </TableRow>
          );
        }}
      />

      {dialog && (
        <HelpDialog
          key={dialog.key}
          help={dialog.help}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            setDialog(null);
            if (dialog.help) list.upsert(saved);
            else list.reload();
          }}
        />
      )}
      <ConfirmDialog
        {...del.dialog}
        title={t("confirm.deleteTitle", { name: del.row?.title ?? "" })}
        message={t("confirm.deleteMessage")}
        confirmLabel={t("confirm.delete")}
        testId="confirm-dialog"
      />
    </ListScreen>
  );
}

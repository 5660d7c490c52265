"use client";

import { Plug, TriangleAlert } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { ConfirmDialog } from "@/components/lists/confirm-dialog";
import { ListScreen } from "@/components/lists/list-screen";
import { ListTable } from "@/components/lists/list-table";
import { RowActions } from "@/components/lists/row-action";
import { useEditDialog } from "@/components/lists/use-edit-dialog";
import { useRowDelete } from "@/components/lists/use-row-delete";
import { useLiveList } from "@/components/lists/use-live-list";
import { TableCell, TableRow } from "@/components/ui/table";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { IntegrationDialog } from "./integration-dialog";
import { IntegrationLogo } from "./integration-logo";
import type { IntegrationEvent, IntegrationRow } from "./integration-types";

type Props = { companyId: number; initial: { items: IntegrationRow[]; hasMore: boolean } };

/** The queue integrations page (admin §2.13): type logo, id, name, the last error; add, edit, delete; live. */
export function IntegrationsTable({ companyId, initial }: Props) {
  const t = useTranslations("queueIntegrations");
  const format = useFormatter();
  const source = { url: "/api/queueIntegration", key: "queueIntegrations", initial };
  const list = useLiveList<IntegrationRow, IntegrationEvent>(source, channels.admins(companyId), EVENTS.queueIntegration, (e) =>
    e.action === "delete" ? { remove: e.id } : e.action === "update" ? { upsert: e.queueIntegration } : "reload",
  );

  const { dialog, open: openDialog, close: closeDialog } = useEditDialog<IntegrationRow>();
  const del = useRowDelete<IntegrationRow>({
    path: (r) => `/api/queueIntegration/${r.id}`,
    onDeleted: (r) => list.remove(r.id),
    deletedTitle: t("toasts.deleted"),
  });

  return (
    <ListScreen
      title={t("title")}
      add={{ label: t("buttons.add"), testId: "add-integration", onClick: () => openDialog(null) }}
      search={{ value: list.search, onChange: list.setSearch, label: t("search"), testId: "integrations-search" }}
      paging={list}
    >
      <ListTable
        testId="integrations-table"
        className="table-fixed"
        columns={[
          { label: <span className="sr-only">{t("table.type")}</span>, className: "w-14 pl-4" },
          { label: t("table.id"), className: "w-16" },
          { label: t("table.name") },
          { label: t("table.actions"), className: "w-28 pr-4 text-right sm:w-32" },
        ]}
        rows={list.items}
        loading={list.loading}
        empty={list.search.trim() ? t("noResults") : t("empty")}
        emptyIcon={Plug}
        renderRow={(row) => (
          <TableRow key={row.id} data-testid={`integration-row-${row.id}`}>
            <TableCell className="pl-4">
              <IntegrationLogo type={row.type} />
            </TableCell>
            <TableCell className="tabular-nums text-muted-foreground">{row.id}</TableCell>
            <TableCell className="truncate font-medium" title={row.name}>
              {row.name}
              <span className="block truncate text-xs font-normal text-muted-foreground">{t(`types.${row.type}`)}</span>
            </TableCell>
            <TableCell className="pr-4">
              <div className="flex items-center justify-end gap-1">
                {row.lastError && (
                  <Tooltip>
                    <TooltipTrigger asChild>
                      <button
                        type="button"
                        className="rounded p-1 text-amber-600 hover:bg-amber-500/10 dark:text-amber-400"
                        aria-label={t("table.lastError", { error: row.lastError })}
                        data-testid={`integration-error-${row.id}`}
                      >
                        <TriangleAlert className="size-4" aria-hidden />
                      </button>
                    </TooltipTrigger>
                    <TooltipContent className="max-w-xs">
                      <p className="break-words">{row.lastError}</p>
                      {row.lastErrorAt && <p className="mt-1 opacity-80">{format.dateTime(new Date(row.lastErrorAt), { dateStyle: "short", timeStyle: "short" })}</p>}
                    </TooltipContent>
                  </Tooltip>
                )}
                <RowActions
                  edit={{ label: t("buttons.edit"), testId: "edit-integration", onClick: () => openDialog(row) }}
                  remove={{ label: t("buttons.delete"), testId: "delete-integration", onClick: () => del.ask(row) }}
                />
              </div>
            </TableCell>
          </TableRow>
        )}
      />

      {dialog && (
        <IntegrationDialog
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

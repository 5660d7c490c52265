"use client";

import { Bot } from "lucide-react";
import { useTranslations } from "next-intl";
import { ConfirmDialog } from "@/components/lists/confirm-dialog";
import { ListScreen } from "@/components/lists/list-screen";
import { ListTable } from "@/components/lists/list-table";
import { RowActions } from "@/components/lists/row-action";
import { useEditDialog } from "@/components/lists/use-edit-dialog";
import { useLiveList } from "@/components/lists/use-live-list";
import { TableCell, TableRow } from "@/components/ui/table";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { LastErrorIcon } from "./last-error-icon";
import { PromptDialog } from "./prompt-dialog";
import type { PromptEvent, PromptRow, QueueOption } from "./prompt-types";
import { usePromptDelete } from "./use-prompt-delete";

type Props = { companyId: number; queues: QueueOption[]; initial: { items: PromptRow[]; hasMore: boolean } };

/** The AI prompts page (admin §2.12): name, queue, max tokens, a warning with the last failure; live. */
export function PromptsTable({ companyId, queues, initial }: Props) {
  const t = useTranslations("prompts");
  const list = useLiveList<PromptRow, PromptEvent>({ url: "/api/prompt", key: "prompts", initial }, channels.admins(companyId), EVENTS.prompt, (e) =>
    e.action === "delete" ? { remove: e.id } : e.action === "update" ? { upsert: e.record } : "reload",
  );

  const { dialog, open: openDialog, close: closeDialog } = useEditDialog<PromptRow>();
  const del = usePromptDelete({ onDeleted: (r) => list.remove(r.id), deletedTitle: t("toasts.deleted") });

  return (
    <ListScreen
      title={t("title")}
      add={{ label: t("buttons.add"), testId: "add-prompt", onClick: () => openDialog(null) }}
      search={{ value: list.search, onChange: list.setSearch, label: t("search"), testId: "prompts-search" }}
      paging={list}
    >
      <ListTable
        testId="prompts-table"
        className="table-fixed"
        columns={[
          { label: t("table.name"), className: "pl-4" },
          { label: t("table.queue"), className: "w-[30%]" },
          { label: t("table.maxTokens"), className: "hidden w-36 text-right sm:table-cell" },
          { label: t("table.actions"), className: "w-24 pr-4 text-right sm:w-28" },
        ]}
        rows={list.items}
        loading={list.loading}
        empty={list.search.trim() ? t("noResults") : t("empty")}
        emptyIcon={Bot}
        renderRow={(row) => (
          <TableRow key={row.id} data-testid={`prompt-row-${row.id}`}>
            <TableCell className="pl-4">
              <div className="flex min-w-0 items-center gap-2">
                <span className="truncate font-medium">{row.name}</span>
                {row.lastError && <LastErrorIcon error={row.lastError} at={row.lastErrorAt} />}
              </div>
            </TableCell>
            <TableCell data-testid="prompt-queue">
              {row.queue ? (
                <span className="flex min-w-0 items-center gap-2">
                  <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: row.queue.color }} aria-hidden />
                  <span className="truncate">{row.queue.name}</span>
                </span>
              ) : (
                <span className="text-muted-foreground">{t("table.noQueue")}</span>
              )}
            </TableCell>
            <TableCell className="hidden text-right tabular-nums sm:table-cell" data-testid="prompt-max-tokens">
              {row.maxTokens}
            </TableCell>
            <TableCell className="pr-4">
              <RowActions
                edit={{ label: t("buttons.edit"), testId: "edit-prompt", onClick: () => openDialog(row) }}
                remove={{ label: t("buttons.delete"), testId: "delete-prompt", onClick: () => del.ask(row) }}
              />
            </TableCell>
          </TableRow>
        )}
      />

      {dialog && (
        <PromptDialog
          key={dialog.key}
          row={dialog.row}
          queues={queues}
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

"use client";

import { Bot } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ConfirmDialog } from "@/components/lists/confirm-dialog";
import { ListScreen } from "@/components/lists/list-screen";
import { ListTable } from "@/components/lists/list-table";
import { RowActions } from "@/components/lists/row-action";
import { usePagedList } from "@/components/lists/use-paged-list";
import { useRealtimeCatchUp, useRealtimeEvent } from "@/components/realtime/use-realtime";
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
  const list = usePagedList<PromptRow>({ url: "/api/prompt", key: "prompts", initial });
  const [dialog, setDialog] = useState<{ key: number; row: PromptRow | null } | null>(null);

  useRealtimeEvent<PromptEvent>(channels.admins(companyId), EVENTS.prompt, (e) => {
    if (e.action === "delete") list.remove(e.id);
    else if (e.action === "update") list.upsert(e.record);
    else list.reload();
  });
  useRealtimeCatchUp([channels.admins(companyId)], list.catchUp, { serverData: true });

  const openDialog = (row: PromptRow | null) => setDialog((d) => ({ key: (d?.key ?? 0) + 1, row }));
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
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            setDialog(null);
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

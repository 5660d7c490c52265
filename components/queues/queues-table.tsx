"use client";

import { Layers } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { ConfirmDialog } from "@/components/lists/confirm-dialog";
import { ListScreen } from "@/components/lists/list-screen";
import { ListTable } from "@/components/lists/list-table";
import { RowActions } from "@/components/lists/row-action";
import { useRowDelete } from "@/components/lists/use-row-delete";
import { TableCell, TableRow } from "@/components/ui/table";
import { firstFreeColor, normalizeQueueColor } from "@/lib/queues/colors";
import { queueSummary } from "@/lib/queues/queue-summary";
import { QueueDialog } from "./queue-dialog";
import type { QueueRow } from "./queue-types";
import { useQueues } from "./use-queues";

type Props = {
  companyId: number;
  initial: QueueRow[];
  /** the company's scheduleType is "queue": the dialog offers the hours tab */
  showHours: boolean;
};

/** The queues page (admin §2.3): id, name, colour, order, greeting, edit and delete; kept live. */
export function QueuesTable({ companyId, initial, showHours }: Props) {
  const t = useTranslations("queues");
  const list = useQueues(companyId, initial);
  const [dialog, setDialog] = useState<{ key: number; id: number | null } | null>(null);

  // the colours the open dialog's queue may not take: every other queue's
  const taken = useMemo(
    () => new Map(list.rows.filter((r) => r.id !== dialog?.id).map((r) => [normalizeQueueColor(r.color), r.name])),
    [list.rows, dialog?.id],
  );
  const openDialog = (id: number | null) => setDialog((d) => ({ key: (d?.key ?? 0) + 1, id }));

  const del = useRowDelete<QueueRow>({
    path: (r) => `/api/queue/${r.id}`,
    onDeleted: (r) => list.remove(r.id),
    deletedTitle: t("toasts.deleted"),
  });

  return (
    <ListScreen title={t("title")} add={{ label: t("buttons.add"), testId: "add-queue", onClick: () => openDialog(null) }}>
      <ListTable
        testId="queues-table"
        className="table-fixed"
        columns={[
          { label: t("table.id"), className: "hidden w-16 pl-4 sm:table-cell" },
          { label: t("table.name"), className: "pl-4 sm:w-56 sm:pl-2" },
          { label: t("table.color"), className: "hidden w-32 sm:table-cell" },
          { label: t("table.order"), className: "hidden w-20 text-center sm:table-cell" },
          { label: t("table.greeting"), className: "hidden md:table-cell" },
          { label: t("table.actions"), className: "w-24 pr-4 text-right" },
        ]}
        rows={list.rows}
        empty={t("empty")}
        emptyIcon={Layers}
        renderRow={(row) => (
          <TableRow key={row.id} data-testid={`queue-row-${row.id}`}>
            <TableCell className="hidden pl-4 text-muted-foreground tabular-nums sm:table-cell">{row.id}</TableCell>
            <TableCell className="pl-4 sm:pl-2">
              <div className="flex min-w-0 items-center gap-2.5">
                <span
                  className="h-8 w-1.5 shrink-0 rounded-full ring-1 ring-black/10 ring-inset sm:hidden dark:ring-white/15"
                  style={{ backgroundColor: row.color }}
                  aria-hidden
                />
                <div className="min-w-0">
                  <p className="truncate font-medium" data-testid="queue-name">
                    {row.name}
                  </p>
                  {/* narrow screens: the hidden columns' facts move here */}
                  <p className="truncate text-xs text-muted-foreground sm:hidden">
                    #{row.id}
                    {row.orderQueue !== null && ` · ${t("table.orderShort", { order: row.orderQueue })}`}
                  </p>
                  {row.greetingMessage && <p className="truncate text-xs text-muted-foreground md:hidden">{row.greetingMessage}</p>}
                </div>
              </div>
            </TableCell>
            <TableCell className="hidden sm:table-cell">
              <div className="flex items-center gap-2">
                <span
                  className="size-5 shrink-0 rounded-md shadow-xs ring-1 ring-black/10 ring-inset dark:ring-white/15"
                  style={{ backgroundColor: row.color }}
                  data-testid="queue-color"
                  data-color={row.color}
                  aria-hidden
                />
                <span className="font-mono text-xs text-muted-foreground uppercase">{row.color}</span>
              </div>
            </TableCell>
            <TableCell className="hidden text-center tabular-nums sm:table-cell" data-testid="queue-order">
              {row.orderQueue ?? <span className="text-muted-foreground">—</span>}
            </TableCell>
            <TableCell className="hidden md:table-cell">
              {row.greetingMessage ? (
                <p className="truncate text-sm text-muted-foreground" title={row.greetingMessage} data-testid="queue-greeting">
                  {row.greetingMessage}
                </p>
              ) : (
                <span className="text-muted-foreground">—</span>
              )}
            </TableCell>
            <TableCell className="pr-4">
              <RowActions
                edit={{ label: t("buttons.edit"), testId: "edit-queue", onClick: () => openDialog(row.id) }}
                remove={{ label: t("buttons.delete"), testId: "delete-queue", onClick: () => del.ask(row) }}
              />
            </TableCell>
          </TableRow>
        )}
      />

      {dialog && (
        <QueueDialog
          key={dialog.key}
          queueId={dialog.id}
          showHours={showHours}
          taken={taken}
          newColor={firstFreeColor(taken.keys())}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            setDialog(null);
            list.upsert(queueSummary(saved));
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

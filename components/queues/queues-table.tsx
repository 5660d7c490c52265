"use client";

import { Layers, Pencil, Plus, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { ConfirmDialog } from "@/components/lists/confirm-dialog";
import { useRowDelete } from "@/components/lists/use-row-delete";
import { PageHeader } from "@/components/shell/page-header";
import { RowAction } from "@/components/tags/row-action";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
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
    <div className="space-y-4">
      <PageHeader title={t("title")}>
        <Button onClick={() => openDialog(null)} data-testid="add-queue">
          <Plus aria-hidden />
          {t("buttons.add")}
        </Button>
      </PageHeader>
      <div className="rounded-xl border bg-card">
        <Table data-testid="queues-table" className="table-fixed">
          <TableHeader>
            <TableRow>
              <TableHead className="hidden w-16 pl-4 sm:table-cell">{t("table.id")}</TableHead>
              <TableHead className="pl-4 sm:w-56 sm:pl-2">{t("table.name")}</TableHead>
              <TableHead className="hidden w-32 sm:table-cell">{t("table.color")}</TableHead>
              <TableHead className="hidden w-20 text-center sm:table-cell">{t("table.order")}</TableHead>
              <TableHead className="hidden md:table-cell">{t("table.greeting")}</TableHead>
              <TableHead className="w-24 pr-4 text-right">{t("table.actions")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.rows.map((row) => (
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
                  <div className="flex justify-end">
                    <RowAction label={t("buttons.edit")} onClick={() => openDialog(row.id)} testId="edit-queue">
                      <Pencil />
                    </RowAction>
                    <RowAction label={t("buttons.delete")} onClick={() => del.ask(row)} testId="delete-queue">
                      <Trash2 />
                    </RowAction>
                  </div>
                </TableCell>
              </TableRow>
            ))}
            {list.rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={6} className="py-14 text-center text-muted-foreground">
                  <Layers className="mx-auto mb-3 size-8 opacity-60" aria-hidden />
                  {t("empty")}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </div>

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
    </div>
  );
}

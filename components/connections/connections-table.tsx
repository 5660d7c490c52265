"use client";

import { formatInTimeZone } from "date-fns-tz";
import { CircleCheck } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ConfirmDialog } from "@/components/lists/confirm-dialog";
import { ListScreen } from "@/components/lists/list-screen";
import { ListTable } from "@/components/lists/list-table";
import { RowActions } from "@/components/lists/row-action";
import { Badge } from "@/components/ui/badge";
import { TableCell, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import type { SessionAction } from "@/lib/connections/statuses";
import { ConnectionDialog } from "./connection-dialog";
import { ConnectionStatusIcon } from "./connection-status-icon";
import { toConnectionRow, type ConnectionRow, type QueueOption } from "./connection-types";
import { QrCodeDialog } from "./qr-code-dialog";
import { SessionButtons } from "./session-buttons";
import { useConnections } from "./use-connections";

type Props = {
  companyId: number;
  timezone: string;
  initial: ConnectionRow[];
  queues: QueueOption[];
  sandboxEnabled: boolean;
};

// kept after closing, so the dialog does not change its text while it fades out
type Confirm = { kind: "delete" | "disconnect"; row: ConnectionRow; open: boolean } | null;

const SESSION_CALL = { retry: "POST", newQr: "PUT", disconnect: "DELETE" } as const;
const PAUSE_TEXT = { hourCap: "table.pausedHourCap", dayCap: "table.pausedDayCap", restricted: "table.pausedRestricted" } as const;

/** The connections page (admin §2.2): table, session buttons, QR, add/edit and confirmations. */
export function ConnectionsTable({ companyId, timezone, initial, queues, sandboxEnabled }: Props) {
  const t = useTranslations("connections");
  const errorMessage = useErrorMessage();
  const [qrId, setQrId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<{ key: number; id: number | null } | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [busy, setBusy] = useState<Set<number>>(new Set());
  const list = useConnections({
    companyId,
    initial,
    // spec: the QR dialog closes when the QR code becomes empty
    onSession: (s) => s.id === qrId && !s.qrcode && setQrId(null),
  });

  const sessionCall = async (row: ConnectionRow, action: keyof typeof SESSION_CALL) => {
    setBusy((b) => new Set(b).add(row.id));
    try {
      const saved = await api<ConnectionRow>(`/api/whatsappsession/${row.id}`, { method: SESSION_CALL[action] });
      list.apply(toConnectionRow(saved));
    } catch (err) {
      toast({ variant: "error", title: errorMessage(err) });
      throw err;
    } finally {
      setBusy((b) => {
        const next = new Set(b);
        next.delete(row.id);
        return next;
      });
    }
  };

  const onSessionAction = (row: ConnectionRow, action: Exclude<SessionAction, "connecting">) => {
    if (action === "showQr") setQrId(row.id);
    else if (action === "disconnect") setConfirm({ kind: "disconnect", row, open: true });
    else void sessionCall(row, action).catch(() => {});
  };

  const deleteRow = async (row: ConnectionRow) => {
    try {
      await api(`/api/whatsapp/${row.id}`, { method: "DELETE" });
      list.remove(row.id);
      toast({ variant: "success", title: t("toasts.deleted") });
    } catch (err) {
      toast({ variant: "error", title: errorMessage(err) });
      throw err;
    }
  };

  const updatedAt = (row: ConnectionRow) => formatInTimeZone(row.updatedAt, timezone, "dd/MM/yy HH:mm");
  const openDialog = (id: number | null) => setDialog((d) => ({ key: (d?.key ?? 0) + 1, id }));
  const qrRow = list.rows.find((r) => r.id === qrId && r.qrcode) ?? null;

  return (
    <ListScreen title={t("title")} add={{ label: t("buttons.add"), testId: "add-connection", onClick: () => openDialog(null) }}>
      <ListTable
        testId="connections-table"
        columns={[
          { label: t("table.name"), className: "pl-4" },
          { label: t("table.status"), className: "hidden w-20 text-center sm:table-cell" },
          { label: t("table.session"), className: "hidden sm:table-cell" },
          { label: t("table.lastUpdate"), className: "hidden whitespace-nowrap md:table-cell" },
          { label: t("table.default"), className: "hidden w-20 text-center sm:table-cell" },
          { label: t("table.actions"), className: "w-24 pr-4 text-right" },
        ]}
        rows={list.rows}
        empty={t("empty")}
        renderRow={(row) => (
          <TableRow key={row.id} data-testid={`connection-row-${row.id}`} data-status={row.status}>
            <TableCell className="pl-4">
              {/* narrow screens: the hidden columns' facts move here */}
              <div className="flex items-center gap-2">
                <span className="sm:hidden">
                  <ConnectionStatusIcon status={row.status} testId="connection-status-compact" />
                </span>
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-x-2 font-medium">
                    {row.name}
                    {row.isDefault && (
                      <Badge variant="secondary" className="sm:hidden">
                        {t("table.default")}
                      </Badge>
                    )}
                  </div>
                  <div className="text-xs text-muted-foreground">
                    {row.number ? `+${row.number}` : t(`providers.${row.provider === "sandbox" ? "sandbox" : "beta"}`)}
                  </div>
                  {row.status !== "CONNECTED" && row.disconnectReason && (
                    <div className="text-xs text-muted-foreground" data-testid="connection-disconnect-reason" title={row.disconnectCode ? String(row.disconnectCode) : undefined}>
                      {row.needsAttention && (
                        <Badge variant="destructive" className="mr-1 px-1.5 py-0 text-[10px]" data-testid="connection-needs-attention">
                          {t("table.needsAttention")}
                        </Badge>
                      )}
                      {t(`reasons.${row.disconnectReason}` as "reasons.network")}
                    </div>
                  )}
                  {row.sendPauseReason && row.sendPausedUntil && new Date(row.sendPausedUntil) > new Date() && (
                    <div className="text-xs text-amber-700 dark:text-amber-400" data-testid="connection-send-paused" data-reason={row.sendPauseReason}>
                      {t(PAUSE_TEXT[row.sendPauseReason], { until: formatInTimeZone(row.sendPausedUntil, timezone, "dd/MM HH:mm") })}
                    </div>
                  )}
                  {row.waitingSenders > 0 && (
                    <div className="text-xs text-amber-700 dark:text-amber-400" data-testid="connection-waiting-senders">
                      {t("table.waitingSenders", { count: row.waitingSenders })}
                    </div>
                  )}
                  <div className="text-xs text-muted-foreground tabular-nums md:hidden">{updatedAt(row)}</div>
                </div>
              </div>
              <div className="mt-2 sm:hidden">
                <SessionButtons compact status={row.status} busy={busy.has(row.id)} onAction={(a) => onSessionAction(row, a)} />
              </div>
            </TableCell>
            <TableCell className="hidden text-center sm:table-cell">
              <ConnectionStatusIcon status={row.status} />
            </TableCell>
            <TableCell className="hidden sm:table-cell">
              <SessionButtons status={row.status} busy={busy.has(row.id)} onAction={(a) => onSessionAction(row, a)} />
            </TableCell>
            <TableCell className="hidden whitespace-nowrap text-muted-foreground tabular-nums md:table-cell" data-testid="connection-updated-at">
              {updatedAt(row)}
            </TableCell>
            <TableCell className="hidden text-center sm:table-cell">
              {row.isDefault && <CircleCheck className="mx-auto size-5 text-success" aria-label={t("table.default")} data-testid="connection-default" />}
            </TableCell>
            <TableCell className="pr-4">
              <RowActions
                className="flex flex-col items-end sm:flex-row sm:justify-end"
                edit={{ label: t("buttons.edit"), testId: "edit-connection", onClick: () => openDialog(row.id) }}
                remove={{ label: t("buttons.delete"), testId: "delete-connection", onClick: () => setConfirm({ kind: "delete", row, open: true }) }}
              />
            </TableCell>
          </TableRow>
        )}
      />

      <QrCodeDialog connection={qrRow} onOpenChange={(o) => !o && setQrId(null)} />
      {dialog && (
        <ConnectionDialog
          key={dialog.key}
          connectionId={dialog.id}
          queues={queues}
          sandboxEnabled={sandboxEnabled}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void list.reload().catch(() => {});
          }}
        />
      )}
      <ConfirmDialog
        open={Boolean(confirm?.open)}
        onOpenChange={(o) => !o && setConfirm((c) => c && { ...c, open: false })}
        title={confirm?.kind === "delete" ? t("confirm.deleteTitle", { name: confirm.row.name }) : t("confirm.disconnectTitle")}
        message={confirm?.kind === "delete" ? t("confirm.deleteMessage") : t("confirm.disconnectMessage")}
        confirmLabel={confirm?.kind === "delete" ? t("buttons.delete") : t("buttons.disconnect")}
        onConfirm={async () => {
          if (!confirm) return;
          if (confirm.kind === "delete") await deleteRow(confirm.row);
          else await sessionCall(confirm.row, "disconnect");
        }}
        testId="confirm-dialog"
      />
    </ListScreen>
  );
}

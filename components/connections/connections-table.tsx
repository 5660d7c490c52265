"use client";

import { formatInTimeZone } from "date-fns-tz";
import { CircleCheck, Pencil, Plus, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import type { SessionAction } from "@/lib/connections/statuses";
import { ConfirmDialog } from "@/components/lists/confirm-dialog";
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
    <div className="space-y-4">
      <PageHeader title={t("title")}>
        <Button onClick={() => openDialog(null)} data-testid="add-connection">
          <Plus aria-hidden />
          {t("buttons.add")}
        </Button>
      </PageHeader>
      <div className="rounded-xl border bg-card">
        <Table data-testid="connections-table">
          <TableHeader>
            <TableRow>
              <TableHead className="pl-4">{t("table.name")}</TableHead>
              <TableHead className="hidden w-20 text-center sm:table-cell">{t("table.status")}</TableHead>
              <TableHead className="hidden sm:table-cell">{t("table.session")}</TableHead>
              <TableHead className="hidden whitespace-nowrap md:table-cell">{t("table.lastUpdate")}</TableHead>
              <TableHead className="hidden w-20 text-center sm:table-cell">{t("table.default")}</TableHead>
              <TableHead className="w-24 pr-4 text-right">{t("table.actions")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.rows.map((row) => (
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
                  <div className="flex flex-col items-end sm:flex-row sm:justify-end">
                    <IconAction label={t("buttons.edit")} onClick={() => openDialog(row.id)} testId="edit-connection">
                      <Pencil />
                    </IconAction>
                    <IconAction label={t("buttons.delete")} onClick={() => setConfirm({ kind: "delete", row, open: true })} testId="delete-connection">
                      <Trash2 />
                    </IconAction>
                  </div>
                </TableCell>
              </TableRow>
            ))}
            {list.rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={6} className="py-12 text-center text-muted-foreground">
                  {t("empty")}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </div>

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
    </div>
  );
}

function IconAction({ label, onClick, testId, children }: { label: string; onClick: () => void; testId: string; children: React.ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="ghost" size="icon" onClick={onClick} aria-label={label} data-testid={testId}>
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}

"use client";

import { formatInTimeZone } from "date-fns-tz";
import { BarChart3, CirclePause, Megaphone, RotateCcw } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ConfirmDialog } from "@/components/lists/confirm-dialog";
import { ListScreen } from "@/components/lists/list-screen";
import { ListTable } from "@/components/lists/list-table";
import { useEditDialog } from "@/components/lists/use-edit-dialog";
import { RowAction, RowActions } from "@/components/lists/row-action";
import { useLiveList } from "@/components/lists/use-live-list";
import { useRowDelete } from "@/components/lists/use-row-delete";
import { Button } from "@/components/ui/button";
import { TableCell, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { api } from "@/lib/api/client";
import { canDeleteCampaign, canRestartCampaign, canStopCampaign } from "@/lib/campaigns/editability";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { CampaignDialog } from "./campaign-dialog";
import { AwaitingConfirmation, CampaignStatusBadge } from "./campaign-status-badge";
import type { CampaignEvent, CampaignRow } from "./campaign-types";
import { useCampaignAction } from "./use-campaign-action";

type Props = {
  companyId: number;
  timezone: string;
  initial: { items: CampaignRow[]; hasMore: boolean };
};

const DATE_FORMAT = "dd/MM/yyyy HH:mm";

/** /campaigns (admin §2.7): searched, paged, kept live (the dispatcher's progress included). */
export function CampaignsTable({ companyId, timezone, initial }: Props) {
  const t = useTranslations("campaigns");
  const source = { url: "/api/campaigns", key: "records", initial };
  const list = useLiveList<CampaignRow, CampaignEvent>(source, channels.admins(companyId), EVENTS.campaign, (e, rows) => {
    if (e.action === "delete") return { remove: e.id };
    if (e.action === "progress") {
      const awaiting = e.report ? { awaitingConfirmation: e.report.awaitingConfirmation } : {};
      return { upsert: { id: e.campaignId, status: e.status, completedAt: e.completedAt, ...awaiting } };
    }
    return rows.some((r) => r.id === e.record.id) ? { upsert: e.record } : "reload";
  });
  const [stopping, setStopping] = useState<CampaignRow | null>(null);
  const action = useCampaignAction();
  // after stop or restart: the row as the server has it now (the dispatcher's events follow)
  const refresh = (id: number) => void api<CampaignRow>(`/api/campaigns/${id}`).then(list.upsert, () => {});

  const { dialog, open: openDialog, close: closeDialog } = useEditDialog<number>();
  const del = useRowDelete<CampaignRow>({
    path: (r) => `/api/campaigns/${r.id}`,
    onDeleted: (r) => list.remove(r.id),
    deletedTitle: t("toasts.deleted"),
  });
  const when = (iso: string | null) => (iso ? formatInTimeZone(iso, timezone, DATE_FORMAT) : null);

  const restart = async (row: CampaignRow) => {
    const ok = await action(row, "restart");
    if (!ok) return;
    toast({ variant: "success", title: t("toasts.restarted") });
    refresh(row.id);
  };

  return (
    <ListScreen
      title={t("title")}
      add={{ label: t("buttons.add"), testId: "add-campaign", onClick: () => openDialog(null) }}
      search={{ value: list.search, onChange: list.setSearch, label: t("search"), testId: "campaigns-search" }}
      paging={list}
    >
      <ListTable
        testId="campaigns-table"
        className="table-fixed"
        columns={[
          { label: t("table.name"), className: "w-auto pl-4" },
          // room for "Aguardando 2 confirmações" under a finished confirmation campaign's status
          { label: t("table.status"), className: "w-36 text-center" },
          { label: t("table.contactList"), className: "hidden w-auto text-center whitespace-normal md:table-cell" },
          { label: t("table.whatsapp"), className: "hidden w-auto text-center md:table-cell" },
          { label: t("table.scheduledAt"), className: "hidden w-28 text-center whitespace-normal lg:table-cell" },
          { label: t("table.completedAt"), className: "hidden w-28 text-center whitespace-normal lg:table-cell" },
          { label: t("table.confirmation"), className: "hidden w-28 text-center whitespace-normal xl:table-cell" },
          { label: t("table.actions"), className: "w-44 pr-4 text-right" },
        ]}
        rows={list.items}
        loading={list.loading}
        empty={list.search.trim() ? t("noResults") : t("empty")}
        emptyIcon={Megaphone}
        renderRow={(row) => (
          <TableRow key={row.id} data-testid={`campaign-row-${row.id}`} data-status={row.status}>
            <TableCell className="pl-4 font-medium">
              <span className="block break-words whitespace-normal" title={row.name}>
                {row.name}
              </span>
            </TableCell>
            <TableCell className="text-center whitespace-normal">
              <CampaignStatusBadge status={row.status} />
              {row.awaitingConfirmation > 0 && (
                <span className="mt-1 block">
                  <AwaitingConfirmation count={row.awaitingConfirmation} testId="campaign-status-detail" />
                </span>
              )}
            </TableCell>
            <TableCell className="hidden text-center break-words whitespace-normal md:table-cell" data-testid="campaign-contact-list">
              {row.contactList?.name ?? <Empty>{t("noContactList")}</Empty>}
            </TableCell>
            <TableCell className="hidden text-center break-words whitespace-normal md:table-cell" data-testid="campaign-whatsapp">
              {row.whatsapp?.name ?? <Empty>{t("noWhatsapp")}</Empty>}
            </TableCell>
            <TableCell className="hidden text-center whitespace-normal tabular-nums lg:table-cell" data-testid="campaign-scheduled-at">
              {when(row.scheduledAt) ?? <Empty>{t("noSchedule")}</Empty>}
            </TableCell>
            <TableCell className="hidden text-center whitespace-normal tabular-nums lg:table-cell" data-testid="campaign-completed-at">
              {when(row.completedAt) ?? <Empty>{t("notCompleted")}</Empty>}
            </TableCell>
            <TableCell className="hidden text-center whitespace-normal xl:table-cell" data-testid="campaign-confirmation">
              {row.confirmation ? t("confirmationOn") : <Empty>{t("confirmationOff")}</Empty>}
            </TableCell>
            <TableCell className="pr-4">
              <div className="flex items-center justify-end">
                {canStopCampaign(row.status) && (
                  <RowAction label={t("buttons.stop")} testId="stop-campaign" onClick={() => setStopping(row)}>
                    <CirclePause />
                  </RowAction>
                )}
                {canRestartCampaign(row.status) && (
                  <RowAction label={t("buttons.restart")} testId="restart-campaign" onClick={() => void restart(row)}>
                    <RotateCcw />
                  </RowAction>
                )}
                <Tooltip>
                  <TooltipTrigger asChild>
                    <Button variant="ghost" size="icon" asChild aria-label={t("buttons.report")} data-testid="open-campaign-report">
                      <Link href={`/campaign/${row.id}/report`}>
                        <BarChart3 />
                      </Link>
                    </Button>
                  </TooltipTrigger>
                  <TooltipContent>{t("buttons.report")}</TooltipContent>
                </Tooltip>
                <RowActions
                  className="flex"
                  edit={{ label: t("buttons.edit"), testId: "edit-campaign", onClick: () => openDialog(row.id) }}
                  remove={canDeleteCampaign(row.status) ? { label: t("buttons.delete"), testId: "delete-campaign", onClick: () => del.ask(row) } : undefined}
                />
              </div>
            </TableCell>
          </TableRow>
        )}
      />

      {dialog && (
        <CampaignDialog
          key={dialog.key}
          id={dialog.row}
          timezone={timezone}
          onClose={closeDialog}
          onSaved={(saved) => {
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
      <ConfirmDialog
        open={Boolean(stopping)}
        onOpenChange={(open) => !open && setStopping(null)}
        title={t("confirm.stopTitle", { name: stopping?.name ?? "" })}
        message={t("confirm.stopMessage")}
        confirmLabel={t("buttons.stop")}
        testId="confirm-stop"
        onConfirm={async () => {
          if (!stopping) return;
          // a failure has toasted the server's text; the dialog stays open
          if (!(await action(stopping, "cancel"))) throw new Error("cancel failed");
          toast({ variant: "success", title: t("toasts.stopped") });
          refresh(stopping.id);
        }}
      />
    </ListScreen>
  );
}

function Empty({ children }: { children: React.ReactNode }) {
  return <span className="text-muted-foreground">{children}</span>;
}

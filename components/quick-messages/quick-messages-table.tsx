"use client";

import { MessageSquareText, Paperclip, Users } from "lucide-react";
import { useTranslations } from "next-intl";
import { ConfirmDialog } from "@/components/lists/confirm-dialog";
import { ListScreen } from "@/components/lists/list-screen";
import { ListTable } from "@/components/lists/list-table";
import { RowActions } from "@/components/lists/row-action";
import { useEditDialog } from "@/components/lists/use-edit-dialog";
import { useRowDelete } from "@/components/lists/use-row-delete";
import { applyChange, type LiveChange } from "@/components/lists/live-change";
import { useLiveList } from "@/components/lists/use-live-list";
import { useRealtimeEvent } from "@/components/realtime/use-realtime";
import { Badge } from "@/components/ui/badge";
import { TableCell, TableRow } from "@/components/ui/table";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { cn } from "@/lib/utils";
import { QuickMessageDialog } from "./quick-message-dialog";
import { canEdit, type QuickMessageEvent, type QuickMessageRow } from "./quick-message-types";

type Props = {
  companyId: number;
  userId: number;
  isAdmin: boolean;
  initial: { items: QuickMessageRow[]; hasMore: boolean };
};

/** The quick messages page: the caller's own and the shared ones, searched, paged, kept live. */
export function QuickMessagesTable({ companyId, userId, isAdmin, initial }: Props) {
  const t = useTranslations("quickMessages");
  const viewer = { userId, isAdmin };

  const change = (e: QuickMessageEvent, rows: QuickMessageRow[]): LiveChange<QuickMessageRow> => {
    if (e.action === "delete") return e.exceptUserId !== userId ? { remove: e.id } : null;
    return e.action === "update" && rows.some((r) => r.id === e.record.id) ? { upsert: e.record } : "reload";
  };
  // shared ones travel on the company channel, one's own personal ones on one's own channel
  const [shared, own] = [channels.company(companyId), channels.user(companyId, userId)];
  const list = useLiveList({ url: "/api/quick-messages", key: "records", initial }, shared, EVENTS.quickMessage, change, [shared, own]);
  useRealtimeEvent<QuickMessageEvent>(own, EVENTS.quickMessage, (e) => applyChange(list, change(e, list.items)));

  const { dialog, open: openDialog, close: closeDialog } = useEditDialog<number>();
  const del = useRowDelete<QuickMessageRow>({
    path: (r) => `/api/quick-messages/${r.id}`,
    onDeleted: (r) => list.remove(r.id),
    deletedTitle: t("toasts.deleted"),
  });

  return (
    <ListScreen
      title={t("title")}
      add={{ label: t("buttons.add"), testId: "add-quick-message", onClick: () => openDialog(null) }}
      search={{ value: list.search, onChange: list.setSearch, label: t("search"), testId: "quick-messages-search" }}
      paging={list}
    >
      <ListTable
        testId="quick-messages-table"
        className="table-fixed"
        columns={[
          { label: t("table.shortcode"), className: "w-auto pl-4 md:w-48" },
          { label: t("table.message"), className: "hidden md:table-cell" },
          { label: t("table.media"), className: "hidden w-20 text-center sm:table-cell" },
          { label: t("table.type"), className: "hidden w-28 text-center sm:table-cell" },
          { label: t("table.status"), className: "hidden w-24 text-center sm:table-cell" },
          { label: t("table.actions"), className: "w-24 pr-4 text-right" },
        ]}
        rows={list.items}
        loading={list.loading}
        empty={list.search.trim() ? t("noResults") : t("empty")}
        emptyIcon={MessageSquareText}
        emptyClassName="whitespace-normal"
        renderRow={(row) => (
          <TableRow key={row.id} data-testid={`quick-message-row-${row.id}`} data-active={row.status}>
            <TableCell className="pl-4 whitespace-normal">
              <div className={cn("truncate font-mono text-sm font-semibold", !row.status && "text-muted-foreground")} title={`/${row.shortcode}`}>
                /{row.shortcode}
              </div>
              {/* narrow screens: the hidden columns' facts move here */}
              <p className="mt-1 line-clamp-2 text-sm break-words whitespace-pre-line text-muted-foreground md:hidden">
                {row.message || t("mediaOnly")}
              </p>
              <div className="mt-1.5 flex flex-wrap items-center gap-1.5 sm:hidden">
                <TypeBadge geral={row.geral} />
                <StatusBadge active={row.status} />
                {row.mediaUrl && <MediaLink url={row.mediaUrl} name={row.mediaName ?? ""} compact />}
              </div>
            </TableCell>
            <TableCell className="hidden whitespace-normal md:table-cell">
              <p className={cn("line-clamp-2 text-sm break-words whitespace-pre-line", !row.status && "text-muted-foreground")} title={row.message}>
                {row.message || <span className="text-muted-foreground italic">{t("mediaOnly")}</span>}
              </p>
            </TableCell>
            <TableCell className="hidden text-center sm:table-cell">
              {row.mediaUrl ? <MediaLink url={row.mediaUrl} name={row.mediaName ?? ""} /> : <span className="text-muted-foreground">—</span>}
            </TableCell>
            <TableCell className="hidden text-center sm:table-cell">
              <TypeBadge geral={row.geral} />
            </TableCell>
            <TableCell className="hidden text-center sm:table-cell">
              <StatusBadge active={row.status} />
            </TableCell>
            <TableCell className="pr-4">
              {canEdit(viewer, row) && (
                <RowActions
                  edit={{ label: t("buttons.edit"), testId: "edit-quick-message", onClick: () => openDialog(row.id) }}
                  remove={{ label: t("buttons.delete"), testId: "delete-quick-message", onClick: () => del.ask(row) }}
                />
              )}
            </TableCell>
          </TableRow>
        )}
      />

      {dialog && (
        <QuickMessageDialog
          key={dialog.key}
          id={dialog.row}
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
        title={t("confirm.deleteTitle", { shortcode: del.row?.shortcode ?? "" })}
        message={t("confirm.deleteMessage")}
        confirmLabel={t("buttons.delete")}
        testId="confirm-dialog"
      />
    </ListScreen>
  );
}

function TypeBadge({ geral }: { geral: boolean }) {
  const t = useTranslations("quickMessages");
  return geral ? (
    <Badge variant="secondary" data-testid="quick-message-geral">
      <Users aria-hidden />
      {t("geral")}
    </Badge>
  ) : (
    <Badge variant="outline">{t("personal")}</Badge>
  );
}

function StatusBadge({ active }: { active: boolean }) {
  const t = useTranslations("quickMessages");
  return (
    <Badge variant={active ? "success" : "outline"} data-testid="quick-message-status">
      {active ? t("active") : t("inactive")}
    </Badge>
  );
}

function MediaLink({ url, name, compact }: { url: string; name: string; compact?: boolean }) {
  const t = useTranslations("quickMessages");
  const label = t("openMedia", { name });
  const link = (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      aria-label={label}
      className={
        compact
          ? "inline-flex items-center gap-1 rounded-md border px-1.5 py-0.5 text-xs text-muted-foreground hover:bg-accent"
          : "inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      }
      data-testid="quick-message-media"
    >
      <Paperclip className="size-4" aria-hidden />
      {compact && <span className="max-w-[10rem] truncate">{name}</span>}
    </a>
  );
  if (compact) return link;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{link}</TooltipTrigger>
      <TooltipContent>{name}</TooltipContent>
    </Tooltip>
  );
}

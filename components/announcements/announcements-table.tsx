"use client";

import { ImageIcon, Megaphone } from "lucide-react";
import { useTranslations } from "next-intl";
import { ConfirmDialog } from "@/components/lists/confirm-dialog";
import { ListScreen } from "@/components/lists/list-screen";
import { ListTable } from "@/components/lists/list-table";
import { RowActions } from "@/components/lists/row-action";
import { useEditDialog } from "@/components/lists/use-edit-dialog";
import { useLiveList } from "@/components/lists/use-live-list";
import { useRowDelete } from "@/components/lists/use-row-delete";
import { Badge } from "@/components/ui/badge";
import { TableCell, TableRow } from "@/components/ui/table";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { cn } from "@/lib/utils";
import { AnnouncementDialog } from "./announcement-dialog";
import type { AnnouncementEvent, AnnouncementRow } from "./announcement-types";
import { PriorityBadge } from "./priority-badge";

type Props = { initial: { items: AnnouncementRow[]; hasMore: boolean } };

/** /announcements (admin §2.9, super users): title, priority, attachment, status, actions; live. */
export function AnnouncementsTable({ initial }: Props) {
  const t = useTranslations("announcements");
  const source = { url: "/api/announcements", key: "records", initial };
  const list = useLiveList<AnnouncementRow, AnnouncementEvent>(source, channels.platform(), EVENTS.announcement, (e, rows) => {
    if (e.action === "delete") return { remove: e.id };
    if (!rows.some((r) => r.id === e.record.id)) return "reload";
    // the fields the table shows (an event's text may be clipped; the dialog reads the whole one)
    const { id, title, priority, status, mediaPath, mediaName, mediaUrl, createdAt } = e.record;
    return { upsert: { id, title, priority, status, mediaPath, mediaName, mediaUrl, createdAt } };
  });

  const { dialog, open: openDialog, close: closeDialog } = useEditDialog<AnnouncementRow>();
  const del = useRowDelete<AnnouncementRow>({
    path: (r) => `/api/announcements/${r.id}`,
    onDeleted: (r) => list.remove(r.id),
    deletedTitle: t("toasts.deleted"),
  });

  return (
    <ListScreen
      title={t("title")}
      add={{ label: t("buttons.add"), testId: "add-announcement", onClick: () => openDialog(null) }}
      search={{ value: list.search, onChange: list.setSearch, label: t("search"), testId: "announcements-search" }}
      paging={list}
    >
      <ListTable
        testId="announcements-table"
        className="table-fixed"
        columns={[
          { label: t("table.title"), className: "pl-4" },
          { label: t("table.priority"), className: "w-24 sm:w-28" },
          { label: t("table.attachment"), className: "hidden w-48 md:table-cell" },
          { label: t("table.status"), className: "hidden w-24 text-center sm:table-cell" },
          { label: t("table.actions"), className: "w-24 pr-4 text-right sm:w-28" },
        ]}
        rows={list.items}
        loading={list.loading}
        empty={list.search.trim() ? t("noResults") : t("empty")}
        emptyIcon={Megaphone}
        renderRow={(row) => (
          <TableRow key={row.id} data-testid={`announcement-row-${row.id}`} data-active={row.status}>
            <TableCell className="pl-4">
              <span className={cn("block font-medium break-words whitespace-normal", !row.status && "text-muted-foreground")}>{row.title}</span>
              {/* narrow screens: the hidden columns' facts under the title */}
              <span className="mt-1 flex flex-wrap items-center gap-2 sm:hidden">
                <StatusBadge active={row.status} />
                {row.mediaUrl && row.mediaName && <AttachmentLink url={row.mediaUrl} name={row.mediaName} compact />}
              </span>
            </TableCell>
            <TableCell>
              <PriorityBadge priority={row.priority} />
            </TableCell>
            <TableCell className="hidden md:table-cell" data-testid="announcement-attachment">
              {row.mediaUrl && row.mediaName ? (
                <AttachmentLink url={row.mediaUrl} name={row.mediaName} />
              ) : (
                <span className="text-sm text-muted-foreground">{t("table.noAttachment")}</span>
              )}
            </TableCell>
            <TableCell className="hidden text-center sm:table-cell">
              <StatusBadge active={row.status} />
            </TableCell>
            <TableCell className="pr-4">
              <RowActions
                edit={{ label: t("buttons.edit"), testId: "edit-announcement", onClick: () => openDialog(row) }}
                remove={{ label: t("buttons.delete"), testId: "delete-announcement", onClick: () => del.ask(row) }}
              />
            </TableCell>
          </TableRow>
        )}
      />

      {dialog && (
        <AnnouncementDialog
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
        title={t("confirm.deleteTitle", { name: del.row?.title ?? "" })}
        message={t("confirm.deleteMessage")}
        confirmLabel={t("buttons.delete")}
        testId="confirm-dialog"
      />
    </ListScreen>
  );
}

function StatusBadge({ active }: { active: boolean }) {
  const t = useTranslations("announcements.statuses");
  return (
    <Badge variant={active ? "success" : "outline"} data-testid="announcement-status">
      {t(active ? "true" : "false")}
    </Badge>
  );
}

function AttachmentLink({ url, name, compact }: { url: string; name: string; compact?: boolean }) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      title={name}
      className={cn("inline-flex max-w-full min-w-0 items-center gap-1.5 text-sm text-primary hover:underline", compact && "text-xs")}
      data-testid="announcement-attachment-link"
    >
      <ImageIcon className="size-4 shrink-0" aria-hidden />
      <span className="truncate">{name}</span>
    </a>
  );
}

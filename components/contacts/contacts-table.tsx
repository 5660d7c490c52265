"use client";

import { Loader2, MessageSquarePlus, Pencil, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { ListTable, type ListColumn } from "@/components/lists/list-table";
import { RowAction } from "@/components/lists/row-action";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { TableCell, TableRow } from "@/components/ui/table";
import { formatPhone } from "@/lib/contacts/format-phone";
import { ContactAvatar } from "./contact-avatar";
import type { ContactListRow } from "./contact-types";

type Props = {
  rows: ContactListRow[];
  loading: boolean;
  canDelete: boolean;
  startingId: number | null;
  onStartTicket: (row: ContactListRow) => void;
  onEdit: (row: ContactListRow) => void;
  onDelete: (row: ContactListRow) => void;
};

const ACTION = "text-muted-foreground hover:text-foreground";
const DESTRUCTIVE_ACTION = "text-muted-foreground hover:text-destructive";

/** spec core §2 Contacts page: avatar, name, WhatsApp number, email, actions. */
export function ContactsTable({ rows, loading, canDelete, startingId, onStartTicket, onEdit, onDelete }: Props) {
  const t = useTranslations("contacts");
  const columns: ListColumn[] = [
    { label: <span className="sr-only">{t("table.avatar")}</span>, className: "w-14 pl-4" },
    { label: t("table.name") },
    { label: t("table.whatsapp"), className: "hidden sm:table-cell" },
    { label: t("table.email"), className: "hidden md:table-cell" },
    { label: t("table.actions"), className: "w-32 pr-4 text-right" },
  ];
  return (
    <ListTable
      testId="contacts-table"
      columns={columns}
      rows={rows}
      loading={loading}
      loadingCells={
        <>
          <TableCell className="pl-4">
            <Skeleton className="size-9 rounded-full" />
          </TableCell>
          {/* the rest of the row, after the avatar */}
          <TableCell colSpan={columns.length - 1}>
            <Skeleton className="h-5 w-full" />
          </TableCell>
        </>
      }
      empty={t("empty")}
      emptyTestId="contacts-empty"
      renderRow={(c) => (
        <TableRow key={c.id} data-testid={`contact-row-${c.id}`} data-number={c.number}>
          <TableCell className="pl-4">
            <ContactAvatar name={c.name} url={c.profilePicUrl} isGroup={c.isGroup} />
          </TableCell>
          <TableCell className="max-w-0 w-full sm:max-w-xs sm:w-auto">
            <div className="flex min-w-0 items-center gap-2">
              <span className="truncate font-medium" data-testid="contact-name-cell">
                {c.name}
              </span>
              {c.isGroup && <Badge variant="secondary">{t("table.group")}</Badge>}
            </div>
            {/* narrow screens: the hidden columns move under the name */}
            <div className="truncate text-xs text-muted-foreground tabular-nums sm:hidden">{formatPhone(c.number, c.isGroup)}</div>
            {c.email && <div className="truncate text-xs text-muted-foreground md:hidden">{c.email}</div>}
          </TableCell>
          <TableCell className="hidden tabular-nums sm:table-cell" data-testid="contact-number-cell">
            {formatPhone(c.number, c.isGroup)}
          </TableCell>
          <TableCell className="hidden max-w-64 truncate text-muted-foreground md:table-cell">{c.email}</TableCell>
          <TableCell className="pr-4">
            <div className="flex justify-end">
              <RowAction
                label={t("buttons.startTicket")}
                onClick={() => onStartTicket(c)}
                disabled={startingId !== null}
                className={ACTION}
                testId="contact-start-ticket"
              >
                {startingId === c.id ? <Loader2 className="animate-spin" /> : <MessageSquarePlus />}
              </RowAction>
              <RowAction label={t("buttons.edit")} onClick={() => onEdit(c)} className={ACTION} testId="contact-edit">
                <Pencil />
              </RowAction>
              {canDelete && (
                <RowAction label={t("buttons.delete")} onClick={() => onDelete(c)} className={DESTRUCTIVE_ACTION} testId="contact-delete">
                  <Trash2 />
                </RowAction>
              )}
            </div>
          </TableCell>
        </TableRow>
      )}
    />
  );
}

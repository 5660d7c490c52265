"use client";

import { ArrowLeft, Users } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ConfirmDialog } from "@/components/lists/confirm-dialog";
import { ListScreen } from "@/components/lists/list-screen";
import { ListTable } from "@/components/lists/list-table";
import { RowActions } from "@/components/lists/row-action";
import { useEditDialog } from "@/components/lists/use-edit-dialog";
import { useRowDelete } from "@/components/lists/use-row-delete";
import { usePagedList } from "@/components/lists/use-paged-list";
import { useRealtimeCatchUp, useRealtimeEvent } from "@/components/realtime/use-realtime";
import { Button } from "@/components/ui/button";
import { TableCell, TableRow } from "@/components/ui/table";
import { formatPhone } from "@/lib/contacts/format-phone";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { CheckProgressLine } from "./check-progress";
import { ImportItems } from "./import-items";
import { ItemDialog } from "./item-dialog";
import type { CheckProgress, ContactListChange, ContactListItemEvent, ContactListItemRow, ContactListRow } from "./types";
import { ValidityIcon } from "./validity-icon";

type Props = { companyId: number; list: ContactListRow; initial: { items: ContactListItemRow[]; hasMore: boolean }; progress: CheckProgress };

/** /contact-lists/{id}/contacts (admin §2.7): the list's items with their WhatsApp validity and the check's progress, kept live. */
export function ItemsView({ companyId, list: initialList, initial, progress }: Props) {
  const t = useTranslations("contactLists.items");
  const router = useRouter();
  const [name, setName] = useState(initialList.name);
  const listId = initialList.id;
  const items = usePagedList<ContactListItemRow>({ url: `/api/contact-list-items?contactListId=${listId}`, key: "contacts", initial });
  const channel = channels.admins(companyId);

  useRealtimeEvent<ContactListItemEvent>(channel, `${EVENTS.contactListItem}-${listId}`, (e) => {
    if (e.action === "validity") e.items.forEach((i) => items.upsert({ id: i.id, isWhatsappValid: i.isWhatsappValid }));
    else if (e.action === "delete") items.remove(e.id);
    else if (e.action === "update") items.upsert(e.record);
    else items.reload();
  });
  useRealtimeEvent<ContactListChange>(channel, EVENTS.contactList, (e) => {
    if (e.action === "update" && e.record.id === listId) setName(e.record.name);
    else if (e.action === "delete" && e.id === listId) router.push("/contact-lists");
  });
  useRealtimeCatchUp([channel], items.catchUp, { serverData: true });

  const { dialog, open: openDialog, close: closeDialog } = useEditDialog<ContactListItemRow>();
  const del = useRowDelete<ContactListItemRow>({
    path: (r) => `/api/contact-list-items/${r.id}`,
    onDeleted: (r) => items.remove(r.id),
    deletedTitle: t("toasts.deleted"),
  });

  return (
    <ListScreen
      title={t("title", { name })}
      actions={
        <>
          <Button variant="outline" asChild>
            <Link href="/contact-lists" data-testid="items-back">
              <ArrowLeft aria-hidden />
              {t("back")}
            </Link>
          </Button>
          <ImportItems companyId={companyId} contactListId={listId} onImported={items.reload} />
        </>
      }
      add={{ label: t("add"), testId: "add-contact-list-item", onClick: () => openDialog(null) }}
      search={{ value: items.search, onChange: items.setSearch, label: t("search"), testId: "items-search" }}
      paging={items}
    >
      <CheckProgressLine companyId={companyId} contactListId={listId} progress={progress} />
      <ListTable
        testId="contact-list-items-table"
        className="table-fixed"
        columns={[
          { label: t("table.valid"), className: "w-24 pl-4 text-center" },
          { label: t("table.name") },
          { label: t("table.number"), className: "w-44 sm:w-52" },
          { label: t("table.email"), className: "hidden md:table-cell" },
          { label: t("table.actions"), className: "w-24 pr-4 text-right sm:w-28" },
        ]}
        rows={items.items}
        loading={items.loading}
        empty={items.search.trim() ? t("noResults") : t("empty")}
        emptyIcon={Users}
        renderRow={(row) => (
          <TableRow key={row.id} data-testid={`item-row-${row.id}`} data-number={row.number}>
            <TableCell className="pl-4 text-center">
              <ValidityIcon valid={row.isWhatsappValid} />
            </TableCell>
            <TableCell className="truncate font-medium">{row.name}</TableCell>
            <TableCell className={row.isWhatsappValid === false ? "truncate tabular-nums text-muted-foreground line-through" : "truncate tabular-nums"}>
              {formatPhone(row.number)}
            </TableCell>
            <TableCell className="hidden truncate text-muted-foreground md:table-cell">{row.email}</TableCell>
            <TableCell className="pr-4">
              <RowActions
                edit={{ label: t("edit"), testId: "edit-item", onClick: () => openDialog(row) }}
                remove={{ label: t("delete"), testId: "delete-item", onClick: () => del.ask(row) }}
              />
            </TableCell>
          </TableRow>
        )}
      />
      {dialog && (
        <ItemDialog
          key={dialog.key}
          contactListId={listId}
          item={dialog.row}
          onClose={closeDialog}
          onSaved={(saved) => {
            closeDialog();
            if (dialog.row) items.upsert(saved);
            else items.reload();
          }}
        />
      )}
      <ConfirmDialog
        {...del.dialog}
        title={t("confirm.deleteTitle", { name: del.row?.name ?? "" })}
        message={t("confirm.deleteMessage")}
        confirmLabel={t("delete")}
        testId="confirm-dialog"
      />
    </ListScreen>
  );
}

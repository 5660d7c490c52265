"use client";

import { FileSpreadsheet, ListChecks, Users } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { ConfirmDialog } from "@/components/lists/confirm-dialog";
import { ListScreen } from "@/components/lists/list-screen";
import { ListTable } from "@/components/lists/list-table";
import { RowActions } from "@/components/lists/row-action";
import { useEditDialog } from "@/components/lists/use-edit-dialog";
import { useRowDelete } from "@/components/lists/use-row-delete";
import { useLiveList } from "@/components/lists/use-live-list";
import { Button } from "@/components/ui/button";
import { TableCell, TableRow } from "@/components/ui/table";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { ContactListDialog } from "./contact-list-dialog";
import { EXAMPLE_URL } from "./example-link";
import type { ContactListChange, ContactListRow } from "./types";

type Props = { companyId: number; initial: { items: ContactListRow[]; hasMore: boolean } };

/** /contact-lists (admin §2.7): name, contacts count, and the actions example, open, edit, delete. */
export function ContactListsTable({ companyId, initial }: Props) {
  const t = useTranslations("contactLists");
  const source = { url: "/api/contact-lists", key: "records", initial };
  const list = useLiveList<ContactListRow, ContactListChange>(source, channels.admins(companyId), EVENTS.contactList, (e) =>
    e.action === "delete" ? { remove: e.id } : e.action === "update" ? { upsert: e.record } : e.action === "create" ? "reload" : null,
  );

  const { dialog, open: openDialog, close: closeDialog } = useEditDialog<ContactListRow>();
  const del = useRowDelete<ContactListRow>({
    path: (r) => `/api/contact-lists/${r.id}`,
    onDeleted: (r) => list.remove(r.id),
    deletedTitle: t("toasts.deleted"),
  });

  return (
    <ListScreen
      title={t("title")}
      add={{ label: t("buttons.add"), testId: "add-contact-list", onClick: () => openDialog(null) }}
      search={{ value: list.search, onChange: list.setSearch, label: t("search"), testId: "contact-lists-search" }}
      paging={list}
    >
      <ListTable
        testId="contact-lists-table"
        className="table-fixed"
        columns={[
          { label: t("table.name"), className: "pl-4" },
          { label: t("table.contacts"), className: "w-24 text-center sm:w-32" },
          { label: t("table.actions"), className: "w-40 pr-4 text-right sm:w-48" },
        ]}
        rows={list.items}
        loading={list.loading}
        empty={list.search.trim() ? t("noResults") : t("empty")}
        emptyIcon={ListChecks}
        renderRow={(row) => (
          <TableRow key={row.id} data-testid={`contact-list-row-${row.id}`}>
            <TableCell className="truncate pl-4 font-medium">
              <Link href={`/contact-lists/${row.id}/contacts`} className="hover:underline">
                {row.name}
              </Link>
            </TableCell>
            <TableCell className="text-center tabular-nums" data-testid="contact-list-count">
              {row.contactsCount.toLocaleString()}
            </TableCell>
            <TableCell className="pr-4">
              <div className="flex justify-end">
                <Tooltip>
                  <TooltipTrigger asChild>
                    <Button variant="ghost" size="icon" asChild>
                      <a href={EXAMPLE_URL} download aria-label={t("buttons.download")} data-testid="download-example">
                        <FileSpreadsheet />
                      </a>
                    </Button>
                  </TooltipTrigger>
                  <TooltipContent>{t("buttons.download")}</TooltipContent>
                </Tooltip>
                <Tooltip>
                  <TooltipTrigger asChild>
                    <Button variant="ghost" size="icon" asChild>
                      <Link href={`/contact-lists/${row.id}/contacts`} aria-label={t("buttons.open")} data-testid="open-contact-list">
                        <Users />
                      </Link>
                    </Button>
                  </TooltipTrigger>
                  <TooltipContent>{t("buttons.open")}</TooltipContent>
                </Tooltip>
                <RowActions
                  className="flex"
                  edit={{ label: t("buttons.edit"), testId: "edit-contact-list", onClick: () => openDialog(row) }}
                  remove={{ label: t("buttons.delete"), testId: "delete-contact-list", onClick: () => del.ask(row) }}
                />
              </div>
            </TableCell>
          </TableRow>
        )}
      />
      {dialog && (
        <ContactListDialog
          key={dialog.key}
          list={dialog.row}
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
        title={t("confirm.deleteTitle", { name: del.row?.name ?? "" })}
        message={t("confirm.deleteMessage")}
        confirmLabel={t("buttons.delete")}
        testId="confirm-dialog"
      />
    </ListScreen>
  );
}


"use client";

import { useTranslations } from "next-intl";
import { ConfirmDialog } from "@/components/lists/confirm-dialog";
import { ListScreen } from "@/components/lists/list-screen";
import { useEditDialog } from "@/components/lists/use-edit-dialog";
import { useRowDelete } from "@/components/lists/use-row-delete";
import { useLiveList } from "@/components/lists/use-live-list";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { ContactDialog } from "./contact-dialog";
import type { ContactEvent, ContactListRow } from "./contact-types";
import { ContactsTable } from "./contacts-table";
import { ExportContactsButton } from "./export-contacts-button";
import { ImportContacts } from "./import-contacts";
import { useStartTicket } from "./use-start-ticket";

type Props = { companyId: number; canDelete: boolean; initial: { items: ContactListRow[]; hasMore: boolean } };

/** The contacts page (spec core §2): search, import, add, export, table, live updates. */
export function ContactsView({ companyId, canDelete, initial }: Props) {
  const t = useTranslations("contacts");
  const source = { url: "/api/contacts", key: "contacts", initial };
  const list = useLiveList<ContactListRow, ContactEvent>(source, channels.company(companyId), EVENTS.contact, (e, rows) => {
    if (e.action === "delete") return { remove: e.contactId };
    if (e.action === "import") return "reload";
    // a contact this list does not hold yet may belong anywhere in the name order: read it again
    return rows.some((c) => c.id === e.contact.id) ? { upsert: e.contact } : "reload";
  });
  const ticket = useStartTicket();

  const { dialog, open: openDialog, close: closeDialog } = useEditDialog<number>();
  const del = useRowDelete<ContactListRow>({
    path: (r) => `/api/contacts/${r.id}`,
    onDeleted: (r) => list.remove(r.id),
    deletedTitle: t("toasts.deleted"),
  });

  return (
    <ListScreen
      title={t("title")}
      actions={
        <>
          <ImportContacts onImported={list.reload} />
          <ExportContactsButton searchParam={list.search.trim().toLowerCase()} />
        </>
      }
      add={{ label: t("buttons.add"), testId: "contacts-add", onClick: () => openDialog(null) }}
      search={{ value: list.search, onChange: list.setSearch, label: t("search"), testId: "contacts-search", className: "max-w-sm" }}
      paging={list}
    >
      <ContactsTable
        rows={list.items}
        loading={list.loading}
        canDelete={canDelete}
        startingId={ticket.pendingId}
        onStartTicket={(c) => void ticket.start(c.id)}
        onEdit={(c) => openDialog(c.id)}
        onDelete={(c) => del.ask(c)}
      />

      {dialog && (
        <ContactDialog
          key={dialog.key}
          contactId={dialog.row}
          onClose={closeDialog}
          onSaved={(saved) => {
            closeDialog();
            if (dialog.row) list.upsert(saved);
            else list.reload();
          }}
        />
      )}
      {canDelete && (
        <ConfirmDialog
          {...del.dialog}
          title={t("confirm.deleteTitle", { name: del.row?.name ?? "" })}
          message={t("confirm.deleteMessage")}
          confirmLabel={t("buttons.delete")}
          testId="contact-delete-dialog"
        />
      )}
    </ListScreen>
  );
}

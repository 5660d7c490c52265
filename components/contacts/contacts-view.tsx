"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { ConfirmDialog } from "@/components/lists/confirm-dialog";
import { ListScreen } from "@/components/lists/list-screen";
import { useRowDelete } from "@/components/lists/use-row-delete";
import { usePagedList } from "@/components/lists/use-paged-list";
import { useRealtimeCatchUp, useRealtimeEvent } from "@/components/realtime/use-realtime";
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
  const list = usePagedList<ContactListRow>({ url: "/api/contacts", key: "contacts", initial });
  const [dialog, setDialog] = useState<{ key: number; id: number | null } | null>(null);
  const ticket = useStartTicket();

  useRealtimeEvent<ContactEvent>(channels.company(companyId), EVENTS.contact, (e) => {
    if (e.action === "delete") return list.remove(e.contactId);
    if (e.action === "import") return list.reload();
    // a contact this list does not hold yet may belong anywhere in the name order: read it again
    if (list.items.some((c) => c.id === e.contact.id)) list.upsert(e.contact);
    else list.reload();
  });
  useRealtimeCatchUp([channels.company(companyId)], list.catchUp, { serverData: true });

  const openDialog = (id: number | null) => setDialog((d) => ({ key: (d?.key ?? 0) + 1, id }));
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
          contactId={dialog.id}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            setDialog(null);
            if (dialog.id) list.upsert(saved);
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

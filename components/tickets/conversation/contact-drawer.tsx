"use client";

import { Mail, Pencil, Phone, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { ContactAvatar } from "@/components/contacts/contact-avatar";
import { ContactDialog } from "@/components/contacts/contact-dialog";
import type { ContactEvent } from "@/components/contacts/contact-types";
import { useRealtimeEvent } from "@/components/realtime/use-realtime";
import { useMediaQuery } from "@/components/shell/use-media-query";
import { useViewer } from "@/components/shell/viewer-context";
import { Button } from "@/components/ui/button";
import { Separator } from "@/components/ui/separator";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { api } from "@/lib/api/client";
import type { ContactDetail } from "@/lib/contacts/contact-view";
import { formatPhone } from "@/lib/contacts/format-phone";
import { channels, EVENTS } from "@/lib/realtime/channels";
import type { ConversationTicket } from "./conversation-types";
import { TicketNotes } from "./ticket-notes";

type Props = { ticket: ConversationTicket; open: boolean; onOpenChange: (open: boolean) => void; onContactSaved: () => void };

/**
 * The right-hand contact drawer (spec core §2): picture, name, number, email, extra info, edit,
 * and the ticket's notes. Beside the chat on wide screens, a sheet over it on narrow ones.
 */
export function ContactDrawer({ ticket, open, onOpenChange, onContactSaved }: Props) {
  const t = useTranslations("tickets.conversation.contact");
  const common = useTranslations("common");
  const wide = useMediaQuery("(min-width: 1280px)");
  if (!open) return null;
  const panel = <ContactPanel ticket={ticket} onClose={() => onOpenChange(false)} onContactSaved={onContactSaved} />;
  if (wide) {
    return (
      <aside className="flex w-80 shrink-0 flex-col border-l bg-card animate-slide-in-right" aria-label={t("title")} data-testid="contact-drawer">
        {panel}
      </aside>
    );
  }
  return (
    <Sheet open onOpenChange={onOpenChange}>
      <SheetContent side="right" className="w-[22rem] max-w-[90vw] gap-0 p-0 sm:max-w-[22rem]" closeLabel={common("close")} showCloseButton={false} data-testid="contact-drawer">
        <SheetTitle className="sr-only">{t("title")}</SheetTitle>
        <SheetDescription className="sr-only">{ticket.contact.name}</SheetDescription>
        {panel}
      </SheetContent>
    </Sheet>
  );
}

function ContactPanel({ ticket, onClose, onContactSaved }: { ticket: ConversationTicket; onClose: () => void; onContactSaved: () => void }) {
  const t = useTranslations("tickets.conversation.contact");
  const [contact, setContact] = useState<Omit<ContactDetail, "createdAt" | "updatedAt"> | null>(null);
  const [editing, setEditing] = useState(false);

  const load = useCallback(() => {
    api<Omit<ContactDetail, "createdAt" | "updatedAt">>(`/api/contacts/${ticket.contactId}`).then(setContact, () => undefined);
  }, [ticket.contactId]);

  useEffect(load, [load]);
  // edited elsewhere: the event's fields at once, the extra info read again
  const { companyId } = useViewer();
  useRealtimeEvent<ContactEvent>(channels.company(companyId), EVENTS.contact, (e) => {
    if (e.action !== "update" || e.contact.id !== ticket.contactId) return;
    const { name, number, email, profilePicUrl } = e.contact;
    setContact((c) => c && { ...c, name, number, email, profilePicUrl });
    load();
  });

  const name = contact?.name ?? ticket.contact.name;
  const number = contact?.number ?? ticket.contact.number;
  const isGroup = contact?.isGroup ?? ticket.isGroup;
  return (
    <>
      <div className="flex h-14 shrink-0 items-center justify-between border-b px-4">
        <h2 className="text-sm font-semibold">{t("title")}</h2>
        <Button variant="ghost" size="icon" className="size-8" onClick={onClose} aria-label={t("close")}>
          <X aria-hidden />
        </Button>
      </div>
      <div className="min-h-0 flex-1 space-y-5 overflow-y-auto p-4">
        <div className="flex flex-col items-center gap-2 text-center">
          <ContactAvatar name={name} url={contact?.profilePicUrl ?? ticket.contact.profilePicUrl} isGroup={isGroup} className="size-24 text-2xl" />
          <p className="mt-1 text-base font-semibold break-words" data-testid="drawer-contact-name">
            {name}
          </p>
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <Phone className="size-3.5" aria-hidden />
            {formatPhone(number, isGroup)}
          </p>
          {contact?.email && (
            <a href={`mailto:${contact.email}`} className="flex items-center gap-1.5 text-sm text-primary hover:underline">
              <Mail className="size-3.5" aria-hidden />
              {contact.email}
            </a>
          )}
          <Button variant="outline" size="sm" className="mt-1" onClick={() => setEditing(true)} data-testid="drawer-edit-contact">
            <Pencil aria-hidden />
            {t("edit")}
          </Button>
        </div>
        {contact && contact.extraInfo.length > 0 && (
          <dl className="space-y-2 rounded-lg border bg-muted/30 p-3 text-sm">
            {contact.extraInfo.map((info) => (
              <div key={info.id}>
                <dt className="text-xs font-medium text-muted-foreground">{info.name}</dt>
                <dd className="break-words">{info.value}</dd>
              </div>
            ))}
          </dl>
        )}
        <Separator />
        <TicketNotes ticketId={ticket.id} contactId={ticket.contactId} />
      </div>
      {editing && (
        <ContactDialog
          contactId={ticket.contactId}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            load();
            onContactSaved();
          }}
        />
      )}
    </>
  );
}

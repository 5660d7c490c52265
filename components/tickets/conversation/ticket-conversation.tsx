"use client";

import { Check, Lock, RotateCcw } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { useViewer } from "@/components/shell/viewer-context";
import { useTicketActions } from "@/components/tickets/use-ticket-actions";
import { useTicketPermissions } from "@/components/tickets/use-ticket-permissions";
import { Button } from "@/components/ui/button";
import type { TicketListItem } from "@/lib/tickets/ticket-view";
import { ContactDrawer } from "./contact-drawer";
import { ConversationHeader } from "./conversation-header";
import type { ConversationMessage, ConversationTicket } from "./conversation-types";
import { MessageInput } from "./message-input";
import { MessageList } from "./message-list";
import { TicketTags } from "./ticket-tags";
import { useLiveTicket } from "./use-live-ticket";
import { useMessages } from "./use-messages";

/** The conversation of one ticket (spec core §2 "Ticket conversation"); the page renders it. */
export function TicketConversation({ ticket }: { ticket: TicketListItem | ConversationTicket }) {
  // a new ticket starts from scratch: messages, reply, drawer
  return <Conversation key={ticket.id} initial={ticket} />;
}

function Conversation({ initial }: { initial: ConversationTicket }) {
  const t = useTranslations("tickets.conversation");
  const viewer = useViewer();
  const { ticket, refresh, leaveQuietly } = useLiveTicket(initial);
  const messages = useMessages(ticket.id, viewer.companyId);
  const actions = useTicketActions();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [replyTo, setReplyTo] = useState<ConversationMessage | null>(null);
  const [bottomSignal, setBottomSignal] = useState(0);
  const { add } = messages;

  const onSent = useCallback(
    (sent: ConversationMessage[]) => {
      add(sent);
      setBottomSignal((n) => n + 1);
    },
    [add],
  );

  const busy = actions.busyId === ticket.id;
  // lib/tickets/ticket-rules.ts: only the ticket's agent (or an admin) writes in an open ticket
  const can = useTicketPermissions(ticket);
  const locked =
    ticket.status === "pending" ? (
      <>
        <Lock className="size-4" aria-hidden />
        <span>{t("lockedPending")}</span>
        {can.accept && (
          <Button size="sm" onClick={async () => (await actions.accept(ticket)) && refresh()} disabled={busy}>
            <Check aria-hidden />
            {t("accept")}
          </Button>
        )}
      </>
    ) : ticket.status === "closed" ? (
      <>
        <Lock className="size-4" aria-hidden />
        <span>{t("lockedClosed")}</span>
        {can.reopen && (
          <Button size="sm" variant="outline" onClick={async () => (await actions.reopen(ticket)) && refresh()} disabled={busy}>
            <RotateCcw aria-hidden />
            {t("reopen")}
          </Button>
        )}
      </>
    ) : !can.message ? (
      <>
        <Lock className="size-4" aria-hidden />
        <span data-testid="locked-other">{ticket.user ? t("lockedOther", { name: ticket.user.name }) : t("lockedNoAgent")}</span>
        {can.accept && (
          <Button size="sm" onClick={async () => (await actions.accept(ticket)) && refresh()} disabled={busy}>
            <Check aria-hidden />
            {t("accept")}
          </Button>
        )}
      </>
    ) : null;

  return (
    <div className="flex h-full min-h-0 w-full flex-1 overflow-hidden bg-card" data-testid="ticket-conversation" data-ticket-id={ticket.id} data-status={ticket.status}>
      <section className="flex min-w-0 flex-1 flex-col" aria-label={ticket.contact.name}>
        <ConversationHeader ticket={ticket} drawerOpen={drawerOpen} onToggleDrawer={() => setDrawerOpen((o) => !o)} onChanged={refresh} onDeleted={leaveQuietly} />
        <TicketTags ticketId={ticket.id} tags={ticket.tags} editable={can.tag} />
        <MessageList state={messages} isGroup={ticket.isGroup} contactName={ticket.contact.name} onReply={setReplyTo} canWrite={can.message} bottomSignal={bottomSignal} />
        <MessageInput ticket={ticket} replyTo={replyTo} onClearReply={() => setReplyTo(null)} onSent={onSent} locked={locked} />
      </section>
      <ContactDrawer ticket={ticket} open={drawerOpen} onOpenChange={setDrawerOpen} onContactSaved={refresh} />
    </div>
  );
}

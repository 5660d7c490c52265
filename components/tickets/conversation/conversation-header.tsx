"use client";

import { Check, CheckCircle2, PanelRight, RotateCcw, Undo2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { ContactAvatar } from "@/components/contacts/contact-avatar";
import { useTicketActions } from "@/components/tickets/use-ticket-actions";
import { useTicketPermissions } from "@/components/tickets/use-ticket-permissions";
import { Button } from "@/components/ui/button";
import type { ConversationTicket } from "./conversation-types";
import { TicketOptionsMenu } from "./ticket-options-menu";

type Props = {
  ticket: ConversationTicket;
  drawerOpen: boolean;
  onToggleDrawer: () => void;
  /** after an action that keeps the ticket here (accept, reopen) */
  onChanged: () => void;
  onDeleted: () => void;
};

/**
 * Contact, queue/agent/connection, and the actions the ticket's status allows (spec core §4) to
 * this user (lib/tickets/ticket-rules.ts: a colleague's open ticket is read only).
 */
export function ConversationHeader({ ticket, drawerOpen, onToggleDrawer, onChanged, onDeleted }: Props) {
  const t = useTranslations("tickets.conversation");
  const actions = useTicketActions();
  const can = useTicketPermissions(ticket);
  const busy = actions.busyId === ticket.id;
  const run = async (action: Promise<unknown>) => {
    if (await action) onChanged();
  };

  const details = [ticket.user ? t("agent", { name: ticket.user.name }) : t("noAgent"), ticket.whatsapp?.name].filter(Boolean).join(" · ");
  return (
    <header className="flex h-16 shrink-0 items-center gap-2 border-b bg-card px-2 sm:gap-3 sm:px-4" data-testid="conversation-header">
      <button type="button" onClick={onToggleDrawer} className="flex min-w-0 flex-1 items-center gap-3 rounded-lg py-1 pr-2 text-left transition-colors hover:bg-muted/60" title={t("openContact")} data-testid="header-contact">
        <ContactAvatar name={ticket.contact.name} url={ticket.contact.profilePicUrl} isGroup={ticket.isGroup} className="size-10" />
        <span className="min-w-0">
          <span className="block truncate font-semibold" data-testid="header-contact-name">
            {ticket.contact.name}
            <span className="ml-2 align-middle text-xs font-normal text-muted-foreground">#{ticket.id}</span>
          </span>
          <span className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
            {ticket.queue && (
              <span className="inline-flex shrink-0 items-center gap-1 font-medium" data-testid="header-queue">
                <span className="size-2 rounded-full" style={{ backgroundColor: ticket.queue.color }} aria-hidden />
                {ticket.queue.name}
              </span>
            )}
            {ticket.queue && <span aria-hidden>·</span>}
            <span className="truncate">{details}</span>
          </span>
        </span>
      </button>
      <div className="flex shrink-0 items-center gap-1">
        {can.accept && (
          <Button size="sm" onClick={() => run(actions.accept(ticket))} disabled={busy} data-testid="ticket-accept">
            <Check aria-hidden />
            {t("accept")}
          </Button>
        )}
        {can.returnToPending && (
          <Button variant="outline" size="sm" onClick={() => run(actions.returnToPending(ticket))} disabled={busy} title={t("return")} aria-label={t("return")} data-testid="ticket-return">
            <Undo2 aria-hidden />
            <span className="hidden lg:inline">{t("return")}</span>
          </Button>
        )}
        {ticket.status === "open" && can.close && (
          <Button size="sm" onClick={() => run(actions.resolve(ticket))} disabled={busy} title={t("resolve")} aria-label={t("resolve")} data-testid="ticket-resolve">
            <CheckCircle2 aria-hidden />
            <span className="hidden sm:inline">{t("resolve")}</span>
          </Button>
        )}
        {can.reopen && (
          <Button variant="outline" size="sm" onClick={() => run(actions.reopen(ticket))} disabled={busy} data-testid="ticket-reopen">
            <RotateCcw aria-hidden />
            {t("reopen")}
          </Button>
        )}
        <Button
          variant="ghost"
          size="icon"
          className="hidden sm:inline-flex"
          onClick={onToggleDrawer}
          aria-pressed={drawerOpen}
          aria-label={t("toggleContact")}
          title={t("toggleContact")}
          data-testid="toggle-contact-drawer"
        >
          <PanelRight aria-hidden />
        </Button>
        <TicketOptionsMenu ticket={ticket} canTransfer={can.transfer} onDeleted={onDeleted} />
      </div>
    </header>
  );
}

"use client";

import { Bot, Smartphone, UserRound } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { ContactAvatar } from "@/components/contacts/contact-avatar";
import { TagChip } from "@/components/tags/tag-chip";
import { Badge } from "@/components/ui/badge";
import { plainBody } from "@/lib/messages/format-body";
import { cn } from "@/lib/utils";
import { displayName, formatTicketTime, unreadLabel } from "./ticket-format";
import { TicketRowActions, type RowActions } from "./ticket-row-actions";
import type { TicketItem } from "./ticket-types";
import { useHydrated } from "./use-hydrated";

type Props = { ticket: TicketItem; selected: boolean; narrow: boolean; canPeek: boolean; busy: boolean; actions: RowActions };

/**
 * One ticket of the list (spec core §2): queue colour bar, picture, name, last message,
 * connection, agent, queue, tags, unread count, time, chatbot icon and the row's buttons.
 * Open and closed tickets open on click; pending ones only through Accept.
 */
export function TicketRow({ ticket, selected, narrow, canPeek, busy, actions }: Props) {
  const t = useTranslations("tickets.list");
  const hydrated = useHydrated();
  const clickable = ticket.status !== "pending"; // spec: pending tickets cannot be opened by clicking
  const name = displayName(ticket.contact.name, narrow);
  return (
    <li
      className={cn(
        "group relative flex gap-3 border-b py-3 pr-3 pl-4 transition-colors",
        clickable && "hover:bg-accent/50",
        selected && "bg-accent/70 hover:bg-accent/70",
      )}
      aria-current={selected ? "true" : undefined}
      data-testid={`ticket-${ticket.id}`}
      data-status={ticket.status}
      data-selected={selected || undefined}
    >
      <span
        className="absolute inset-y-0 left-0 w-1"
        style={{ background: ticket.queue?.color || "var(--border)" }}
        title={ticket.queue?.name ?? t("noQueue")}
        aria-hidden
      />
      {clickable && (
        <Link href={`/tickets/${ticket.uuid}`} className="absolute inset-0 z-[1] outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset" data-testid="ticket-open">
          <span className="sr-only">{t("openTicket", { name: ticket.contact.name })}</span>
        </Link>
      )}
      <ContactAvatar name={ticket.contact.name} url={ticket.contact.profilePicUrl} isGroup={ticket.isGroup} className="mt-0.5 size-11" />
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-1.5">
          <p className={cn("truncate font-medium", ticket.unreadMessages > 0 && "font-semibold")} title={ticket.contact.name} data-testid="ticket-contact">
            {name}
          </p>
          {(ticket.chatbot || ticket.useIntegration) && <Bot className="size-4 shrink-0 text-info" aria-label={t("chatbot")} data-testid="ticket-chatbot" />}
          <time className="ml-auto shrink-0 pl-2 text-xs text-muted-foreground tabular-nums" dateTime={ticket.updatedAt} data-testid="ticket-time">
            {hydrated ? formatTicketTime(ticket.updatedAt) : ""}
          </time>
        </div>
        <div className="mt-0.5 flex items-center gap-2">
          <p className="min-w-0 flex-1 truncate text-sm text-muted-foreground" data-testid="ticket-last-message">
            {plainBody(ticket.lastMessage) || <span className="italic opacity-70">{t("noMessages")}</span>}
          </p>
          {ticket.unreadMessages > 0 && (
            <Badge variant="success" className="h-5 min-w-5 rounded-full px-1.5 tabular-nums" aria-label={t("unread", { count: ticket.unreadMessages })} data-testid="ticket-unread">
              {unreadLabel(ticket.unreadMessages)}
            </Badge>
          )}
        </div>
        <div className="mt-2 flex items-end gap-2">
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-1">
            {ticket.whatsapp && (
              <Badge variant="outline" className="max-w-36 text-muted-foreground" title={ticket.whatsapp.name} data-testid="ticket-connection">
                <Smartphone aria-hidden />
                <span className="truncate">{ticket.whatsapp.name}</span>
              </Badge>
            )}
            {ticket.user && (
              <Badge variant="secondary" className="max-w-36" title={ticket.user.name} data-testid="ticket-user">
                <UserRound aria-hidden />
                <span className="truncate">{ticket.user.name}</span>
              </Badge>
            )}
            {ticket.queue && (
              <Badge variant="outline" className="max-w-36" title={ticket.queue.name} data-testid="ticket-queue">
                <span className="size-2 shrink-0 rounded-full" style={{ background: ticket.queue.color }} aria-hidden />
                <span className="truncate">{ticket.queue.name}</span>
              </Badge>
            )}
            {ticket.tags.map((tag) => (
              <TagChip key={tag.id} name={tag.name} color={tag.color} className="max-w-28 px-2 py-0 text-[11px]" />
            ))}
          </div>
          <TicketRowActions ticket={ticket} canPeek={canPeek} busy={busy} actions={actions} />
        </div>
      </div>
    </li>
  );
}

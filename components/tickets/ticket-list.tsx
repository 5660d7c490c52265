"use client";

import { format, isToday } from "date-fns";
import { MessageCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useRealtimeEvent, useRealtimeReconnect } from "@/components/realtime/use-realtime";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { api } from "@/lib/api/client";
import { channels, EVENTS, type TicketStatus } from "@/lib/realtime/channels";
import { cn } from "@/lib/utils";

export type TicketItem = {
  id: number;
  uuid: string;
  status: TicketStatus;
  unreadMessages: number;
  lastMessage: string;
  updatedAt: string;
  contact: { id: number; name: string; number: string; profilePicUrl: string };
  queue: { id: number; name: string; color: string } | null;
  whatsapp: { id: number; name: string } | null;
  user: { id: number; name: string } | null;
};

type Props = { companyId: number; isAdmin: boolean; queueIds: number[] };

/**
 * The ticket list (first cut; the tickets work completes it): open and pending tabs, live through
 * the ticket channels this user may see, refetched after a change or a reconnect.
 */
export function TicketList({ companyId, isAdmin, queueIds }: Props) {
  const t = useTranslations("tickets");
  const [status, setStatus] = useState<TicketStatus>("pending");
  const [items, setItems] = useState<TicketItem[] | null>(null);
  const pending = useRef<NodeJS.Timeout | null>(null);

  const load = useCallback(async () => {
    const data = await api<{ tickets: TicketItem[] }>(`/api/tickets?status=${status}&showAll=${isAdmin}&pageNumber=1`);
    setItems(data.tickets);
  }, [status, isAdmin]);

  useEffect(() => {
    const id = setTimeout(() => void load().catch(() => setItems([])), 0);
    return () => clearTimeout(id);
  }, [load]);

  // a burst of events (a customer typing several messages) refetches once
  const refetchSoon = useCallback(() => {
    if (pending.current) clearTimeout(pending.current);
    pending.current = setTimeout(() => void load().catch(() => {}), 250);
  }, [load]);
  useRealtimeReconnect(refetchSoon);

  const watched = useMemo(
    () => (isAdmin ? [channels.allTickets(companyId, status)] : [null, ...queueIds].map((q) => channels.tickets(companyId, q, status))),
    [companyId, isAdmin, queueIds, status],
  );

  return (
    <div className="flex h-full flex-col rounded-xl border bg-card">
      <Tabs value={status} onValueChange={(v) => setStatus(v as TicketStatus)} className="border-b p-2">
        <TabsList className="w-full">
          <TabsTrigger value="open" className="flex-1" data-testid="tab-open">{t("open")}</TabsTrigger>
          <TabsTrigger value="pending" className="flex-1" data-testid="tab-pending">{t("pending")}</TabsTrigger>
        </TabsList>
      </Tabs>
      {watched.map((ch) => (
        <ChannelListener key={ch} channel={ch} onChange={refetchSoon} />
      ))}
      <ul className="flex-1 divide-y overflow-y-auto" data-testid="ticket-list">
        {items?.length === 0 && (
          <li className="flex flex-col items-center gap-2 p-10 text-center text-sm text-muted-foreground">
            <MessageCircle className="size-8" aria-hidden />
            {t("empty")}
          </li>
        )}
        {items?.map((ticket) => <TicketRow key={ticket.id} ticket={ticket} />)}
      </ul>
    </div>
  );
}

function ChannelListener({ channel, onChange }: { channel: string; onChange: () => void }) {
  useRealtimeEvent(channel, EVENTS.ticket, onChange);
  useRealtimeEvent(channel, EVENTS.appMessage, onChange);
  return null;
}

function TicketRow({ ticket }: { ticket: TicketItem }) {
  const updated = new Date(ticket.updatedAt);
  return (
    <li className="relative flex gap-3 px-4 py-3" data-testid={`ticket-${ticket.id}`}>
      <span className="absolute inset-y-0 left-0 w-1" style={{ background: ticket.queue?.color ?? "var(--muted)" }} aria-hidden />
      <Avatar className="size-10">
        {ticket.contact.profilePicUrl && <AvatarImage src={ticket.contact.profilePicUrl} alt="" />}
        <AvatarFallback>{ticket.contact.name.slice(0, 1).toUpperCase()}</AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-2">
          <p className="truncate font-medium" data-testid="ticket-contact">{ticket.contact.name}</p>
          <span className="shrink-0 text-xs text-muted-foreground">{isToday(updated) ? format(updated, "HH:mm") : format(updated, "dd/MM/yyyy")}</span>
        </div>
        <div className="flex items-center justify-between gap-2">
          <p className="truncate text-sm text-muted-foreground" data-testid="ticket-last-message">{ticket.lastMessage}</p>
          {ticket.unreadMessages > 0 && <Badge className={cn("h-5 min-w-5 justify-center rounded-full px-1.5")}>{ticket.unreadMessages}</Badge>}
        </div>
        <div className="mt-1 flex flex-wrap gap-1 text-xs text-muted-foreground">
          {ticket.whatsapp && <Badge variant="outline">{ticket.whatsapp.name}</Badge>}
          {ticket.queue && <Badge variant="outline">{ticket.queue.name}</Badge>}
          {ticket.user && <Badge variant="secondary">{ticket.user.name}</Badge>}
        </div>
      </div>
    </li>
  );
}

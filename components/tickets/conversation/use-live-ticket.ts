"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ContactEvent } from "@/components/contacts/contact-types";
import { withContact } from "@/components/contacts/ticket-contact";
import { useRealtimeCatchUp, useRealtimeEvent } from "@/components/realtime/use-realtime";
import { useViewer } from "@/components/shell/viewer-context";
import { toast } from "@/components/ui/toast";
import { api, ApiError } from "@/lib/api/client";
import { channels, EVENTS } from "@/lib/realtime/channels";
import type { ConversationTicket, TicketEvent, TicketSummaryEvent } from "./conversation-types";

/** The fields a summary may refresh without changing where the ticket is. */
function mergeSummary(current: ConversationTicket, s: TicketSummaryEvent): ConversationTicket {
  return {
    ...current,
    ...(s.contact ? { contact: s.contact } : {}),
    ...(s.tags ? { tags: s.tags } : {}),
    ...(s.lastMessage !== undefined ? { lastMessage: s.lastMessage } : {}),
    ...(s.unreadMessages !== undefined ? { unreadMessages: s.unreadMessages } : {}),
    ...(s.updatedAt !== undefined ? { updatedAt: s.updatedAt } : {}),
  };
}

/**
 * The ticket as it is now: refetched (GET /api/tickets/{id}) on each `ticket` update of its
 * channel. Deleted, or no longer visible to this user (403), sends the user back to /tickets
 * (spec core §4: "everyone viewing the ticket is sent back"; §8 "Acesso não permitido").
 */
export function useLiveTicket(initial: ConversationTicket) {
  const router = useRouter();
  const viewer = useViewer();
  const t = useTranslations("tickets.conversation");
  const common = useTranslations("common");
  const [ticket, setTicket] = useState(initial);
  const [source, setSource] = useState(initial);
  const left = useRef(false);
  const mounted = useRef(true);

  // the page may hand over a fresher copy of the same ticket
  if (initial !== source) {
    setSource(initial);
    setTicket(initial);
  }

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const leave = useCallback(
    (title: string | null) => {
      if (left.current || !mounted.current) return;
      left.current = true;
      if (title) toast({ variant: "warning", title });
      router.push("/tickets");
    },
    [router],
  );

  const refresh = useCallback(async () => {
    try {
      const next = await api<ConversationTicket>(`/api/tickets/${initial.id}`);
      if (mounted.current) setTicket(next);
    } catch (err) {
      const status = err instanceof ApiError ? err.status : 0;
      if (status === 403) leave(common("accessDenied"));
      else if (status === 404) leave(t("deleted"));
      // spec core §8; what the conversation shows stays as it was
      else if (mounted.current && !left.current) toast({ variant: "error", title: t("loadError") });
    }
  }, [initial.id, leave, common, t]);

  useRealtimeEvent<TicketEvent>(channels.ticket(viewer.companyId, initial.id), EVENTS.ticket, (e) => {
    if (e.action === "delete") return leave(t("deleted"));
    // most updates are a new message or a tag/contact change: the summary is enough; a move
    // (status, queue, agent, connection) needs the names and the access check of the API
    const moved = (["status", "queueId", "userId", "whatsappId"] as const).some((k) => !(k in e.ticket) || e.ticket[k] !== ticket[k]);
    if (moved) void refresh();
    else setTicket((current) => mergeSummary(current, e.ticket));
  });
  // its contact renamed or edited elsewhere (the contacts page, another agent's drawer)
  useRealtimeEvent<ContactEvent>(channels.company(viewer.companyId), EVENTS.contact, (e) => {
    if (e.action === "update") setTicket((current) => withContact(current, e.contact));
    else if (e.action === "import") void refresh();
  });
  // the ticket was rendered by the server: read again once its channel is subscribed (and on reconnects)
  useRealtimeCatchUp([channels.ticket(viewer.companyId, initial.id)], () => void refresh(), { serverData: true });

  /** After this user deleted the ticket: go back without the "deleted" notice of its own event. */
  const leaveQuietly = useCallback(() => leave(null), [leave]);

  return { ticket, refresh, leaveQuietly };
}

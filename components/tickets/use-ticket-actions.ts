"use client";

import { usePathname, useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { api, ApiError } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import type { TicketStatus } from "@/lib/realtime/channels";

export type TicketRef = { id: number; uuid: string; status: TicketStatus };
/** The answer of PUT /api/tickets/{id}: the ticket as it now is. */
export type ChangedTicket = TicketRef & { userId: number | null; queueId: number | null };
export type TicketChange = {
  status?: TicketStatus;
  userId?: number | null;
  queueId?: number | null;
  whatsappId?: number | null;
};

type Holder = { user?: { name: string } | null; queue?: { name: string } | null };

/**
 * The ticket transitions as the list items and the conversation header call them (PUT
 * /api/tickets/{id}, spec core §4). After a change that leaves the ticket not open the user goes
 * back to /tickets; a ticket left open stays (or is opened, after an accept or reopen).
 */
export function useTicketActions() {
  const router = useRouter();
  const pathname = usePathname();
  const t = useTranslations("tickets.actions");
  const errorMessage = useErrorMessage();
  const [busyId, setBusyId] = useState<number | null>(null);

  const change = async (ticket: TicketRef, body: TicketChange, open = false): Promise<ChangedTicket | null> => {
    setBusyId(ticket.id);
    try {
      const next = await api<ChangedTicket>(`/api/tickets/${ticket.id}`, { method: "PUT", json: body });
      if (next.status !== "open") {
        if (pathname !== "/tickets") router.push("/tickets");
      } else if (open && pathname !== `/tickets/${next.uuid}`) {
        router.push(`/tickets/${next.uuid}`);
      }
      return next;
    } catch (err) {
      toast({ variant: err instanceof ApiError && err.status === 409 ? "warning" : "error", title: conflictText(err) ?? errorMessage(err) });
      return null;
    } finally {
      setBusyId(null);
    }
  };

  // 409s name who holds the ticket (another agent accepted first; the contact's open ticket)
  const conflictText = (err: unknown): string | null => {
    if (!(err instanceof ApiError) || err.status !== 409) return null;
    const holder = err.data.ticket as Holder | undefined;
    if (!holder?.user) return null;
    // no queue: the sentence ends after the agent ("-" is never shown)
    const queue = holder.queue?.name ?? "none";
    return err.code === "ERR_TICKET_ALREADY_ACCEPTED"
      ? t("alreadyAccepted", { user: holder.user.name })
      : t("otherOpenTicket", { user: holder.user.name, queue });
  };

  return {
    busyId,
    accept: (ticket: TicketRef) => change(ticket, { status: "open" }, true),
    reopen: (ticket: TicketRef) => change(ticket, { status: "open" }, true),
    resolve: (ticket: TicketRef) => change(ticket, { status: "closed" }),
    returnToPending: (ticket: TicketRef) => change(ticket, { status: "pending", userId: null }),
    transfer: (ticket: TicketRef, to: { queueId: number; userId: number | null; whatsappId?: number | null }) =>
      change(ticket, { queueId: to.queueId, userId: to.userId, ...(to.whatsappId ? { whatsappId: to.whatsappId } : {}) }),
  };
}

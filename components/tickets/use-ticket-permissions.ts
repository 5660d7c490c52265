"use client";

import { useMemo } from "react";
import { isAdminViewer, useViewer } from "@/components/shell/viewer-context";
import { ticketActionsFor, type TicketActor, type TicketHold } from "@/lib/tickets/ticket-rules";

/** The signed-in user as the ticket rules see them (lib/tickets/ticket-rules.ts). */
export function useTicketActor(): TicketActor {
  const viewer = useViewer();
  return useMemo(
    () => ({ userId: viewer.id, isAdmin: isAdminViewer(viewer), queueIds: viewer.queues.map((q) => q.id), allTicket: viewer.allTicket }),
    [viewer],
  );
}

/** What this user may do with the ticket: the buttons to show (the API enforces the same rule). */
export function useTicketPermissions(t: TicketHold) {
  const actor = useTicketActor();
  return ticketActionsFor(actor, t);
}

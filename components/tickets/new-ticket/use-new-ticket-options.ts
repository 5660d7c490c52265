"use client";

import { useEffect, useState } from "react";
import type { Viewer } from "@/components/shell/viewer-context";
import { api } from "@/lib/api/client";
import { defaultConnectionId } from "./new-ticket-rules";

export type QueueChoice = { id: number; name: string; color: string };
export type ConnectionChoice = { id: number; name: string; status: string; isDefault: boolean };

/** The modal's choices: the viewer's queues (admins: every queue) and the company's connections. */
export function useNewTicketOptions(viewer: Viewer) {
  const isAdmin = viewer.profile === "admin";
  const [companyQueues, setCompanyQueues] = useState<QueueChoice[] | null>(null);
  const [connections, setConnections] = useState<ConnectionChoice[]>([]);

  useEffect(() => {
    let live = true;
    api<ConnectionChoice[]>("/api/whatsapp")
      .then((rows) => live && setConnections(rows.map(({ id, name, status, isDefault }) => ({ id, name, status, isDefault }))))
      .catch(() => {});
    if (isAdmin) {
      api<QueueChoice[]>("/api/queue")
        .then((rows) => live && setCompanyQueues(rows.map(({ id, name, color }) => ({ id, name, color }))))
        .catch(() => {});
    }
    return () => {
      live = false;
    };
  }, [isAdmin]);

  return {
    queues: isAdmin ? (companyQueues ?? viewer.queues) : viewer.queues,
    connections,
    defaultWhatsappId: defaultConnectionId(connections),
  };
}

"use client";

import { useCallback, useState } from "react";
import { useRealtimeCatchUp, useRealtimeEvent } from "@/components/realtime/use-realtime";
import { api } from "@/lib/api/client";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { mergeConnection, toConnectionRow, type ConnectionEvent, type ConnectionRow, type SessionEvent } from "./connection-types";

type Options = {
  companyId: number;
  initial: ConnectionRow[];
  /** called with each session change (the QR dialog closes on an empty QR code) */
  onSession?: (session: SessionEvent["session"]) => void;
};

/**
 * The connections list, kept live: `whatsapp` events (everyone) add, update and remove rows;
 * `whatsappSession` events (admins) carry status and QR code; a reconnect refetches.
 */
export function useConnections({ companyId, initial, onSession }: Options) {
  const [rows, setRows] = useState(initial);

  const reload = useCallback(async () => {
    const data = await api<Parameters<typeof toConnectionRow>[0][]>("/api/whatsapp?session=0");
    const next = data.map(toConnectionRow);
    setRows(next);
    return next;
  }, []);

  const apply = useCallback((change: Partial<ConnectionRow> & { id: number }) => setRows((prev) => mergeConnection(prev, change)), []);
  const remove = useCallback((id: number) => setRows((prev) => prev.filter((r) => r.id !== id)), []);

  useRealtimeEvent<ConnectionEvent>(channels.company(companyId), EVENTS.whatsapp, (e) => {
    if (e.action === "delete") remove(e.whatsappId);
    else if (e.action === "update" && e.whatsapp) apply(e.whatsapp);
  });
  useRealtimeEvent<SessionEvent>(channels.admins(companyId), EVENTS.whatsappSession, (e) => {
    if (e.action !== "update" || !e.session) return;
    // a pairing code is worth something only while the socket that gave it shows a QR code
    apply(e.session.qrcode ? e.session : { ...e.session, pairingCode: "" });
    onSession?.(e.session);
  });
  useRealtimeCatchUp([channels.company(companyId), channels.admins(companyId)], () => void reload().catch(() => {}), { serverData: true });

  return { rows, reload, apply, remove };
}

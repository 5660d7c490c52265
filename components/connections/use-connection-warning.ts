"use client";

import { useEffect, useRef, useState } from "react";
import { useRealtimeCatchUp, useRealtimeEvent } from "@/components/realtime/use-realtime";
import { api } from "@/lib/api/client";
import { isWarningStatus } from "@/lib/connections/statuses";
import { channels, EVENTS } from "@/lib/realtime/channels";

const CHECK_DELAY_MS = 2000; // spec core §2: the check runs 2 seconds after the connection list changes

/**
 * The menu's connection warning, kept live for admins: any connection or session event (or a
 * realtime reconnect) schedules one check of the list 2 s later; events in between push it back.
 * `initial` is the server's answer at page load.
 */
export function useConnectionWarning({ companyId, enabled, initial }: { companyId: number; enabled: boolean; initial: boolean }) {
  const [live, setLive] = useState<{ from: boolean; value: boolean } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const schedule = () => {
    if (!enabled) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      api<{ status: string }[]>("/api/whatsapp?session=0")
        .then((rows) => setLive({ from: initial, value: rows.some((r) => isWarningStatus(r.status)) }))
        .catch(() => {});
    }, CHECK_DELAY_MS);
  };

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useRealtimeEvent(enabled ? channels.company(companyId) : null, EVENTS.whatsapp, schedule);
  useRealtimeEvent(enabled ? channels.admins(companyId) : null, EVENTS.whatsappSession, schedule);
  useRealtimeCatchUp(enabled ? [channels.company(companyId), channels.admins(companyId)] : [], schedule, { serverData: true });

  // a newer server answer (navigation, refresh) wins over an older live check
  return live && live.from === initial ? live.value : initial;
}

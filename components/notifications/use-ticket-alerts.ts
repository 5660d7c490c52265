"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { useRealtimeCatchUp } from "@/components/realtime/use-realtime";
import { getNotificationVolume } from "@/components/shell/volume-control";
import { isAdminViewer, useViewer } from "@/components/shell/viewer-context";
import { listChannels } from "@/components/tickets/list/list-channels";
import type { MessageEvent, TicketEvent } from "@/components/tickets/list/ticket-types";
import { api } from "@/lib/api/client";
import { plainBody } from "@/lib/messages/format-body";
import type { TicketStatus } from "@/lib/realtime/channels";
import { notificationPermission, requestPermissionOnce, showBrowserNotification, subscribePermission } from "./browser-notifications";
import { playNotificationSound, unlockSound } from "./notification-sound";
import {
  applyBellDelete,
  applyBellUpdate,
  countsInBell,
  isTicketOnScreen,
  shouldNotify,
  type AlertTicket,
  type AlertViewer,
  type BellState,
} from "./notification-rules";

type Page = { tickets: AlertTicket[]; count: number };
const CACHE_MAX = 500;

/** The bell's first pages: the viewer's open tickets with unread messages (allTicket users: pending ones too). */
async function readBell(viewer: AlertViewer): Promise<BellState> {
  const statuses: TicketStatus[] = viewer.allTicket ? ["open", "pending"] : ["open"];
  const pages = await Promise.all(statuses.map((s) => api<Page>(`/api/tickets?status=${s}&withUnreadMessages=true&showAll=false&pageNumber=1`)));
  const items = pages.flatMap((p) => p.tickets).filter((x) => countsInBell(x, viewer));
  const beyond = pages.reduce((n, p) => n + Math.max(0, p.count - p.tickets.length), 0);
  return { items: items.sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt)), beyond };
}

/**
 * The bell's unread tickets and the incoming-message alerts (sound + browser notification),
 * from the same list channels the ticket manager listens to.
 */
export function useTicketAlerts() {
  const t = useTranslations("notifications");
  const router = useRouter();
  const viewer = useViewer();
  const alertViewer = useMemo<AlertViewer>(
    () => ({ id: viewer.id, isAdmin: isAdminViewer(viewer), allTicket: viewer.allTicket, queueIds: viewer.queues.map((q) => q.id) }),
    [viewer],
  );
  const [bell, setBell] = useState<BellState>({ items: [], beyond: 0 });
  const [companyQueueIds, setCompanyQueueIds] = useState<number[]>([]);
  const permission = useSyncExternalStore(subscribePermission, notificationPermission, () => "default" as const);
  const known = useRef(new Map<number, AlertTicket>());
  const seen = useRef(new Set<number>());

  // the first read and the catch-up after the subscriptions may answer out of order: the last asked wins
  const reads = useRef(0);
  const load = useCallback(() => {
    const n = ++reads.current;
    return readBell(alertViewer).then((b) => n === reads.current && setBell(b));
  }, [alertViewer]);
  useEffect(() => {
    let live = true;
    const n = ++reads.current;
    readBell(alertViewer)
      .then((b) => live && n === reads.current && setBell(b))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [alertViewer]);

  // allTicket users also hear every queue's pending channel
  const needsQueues = alertViewer.allTicket && !alertViewer.isAdmin;
  useEffect(() => {
    if (!needsQueues) return;
    api<{ id: number }[]>("/api/queue")
      .then((rows) => setCompanyQueueIds(rows.map((q) => q.id)))
      .catch(() => {});
  }, [needsQueues]);

  const channelList = useMemo(
    () => listChannels(viewer.companyId, alertViewer, alertViewer.allTicket ? ["open", "pending"] : ["open"], companyQueueIds),
    [viewer.companyId, alertViewer, companyQueueIds],
  );
  // the first read above may predate the subscriptions: read again once they are in (and on reconnects)
  const channelNames = useMemo(() => channelList.map((c) => c.name), [channelList]);
  useRealtimeCatchUp(channelNames, () => void load().catch(() => {}));

  // the first gesture unlocks sound and asks, once, for the notification permission
  useEffect(() => {
    const first = () => {
      unlockSound();
      void requestPermissionOnce();
    };
    window.addEventListener("pointerdown", first, { once: true });
    window.addEventListener("keydown", first, { once: true });
    return () => {
      window.removeEventListener("pointerdown", first);
      window.removeEventListener("keydown", first);
    };
  }, []);

  const remember = (ticket: AlertTicket) => {
    known.current.delete(ticket.id);
    known.current.set(ticket.id, ticket);
    if (known.current.size > CACHE_MAX) known.current.delete(known.current.keys().next().value!);
  };

  const onTicket = (e: TicketEvent, status: TicketStatus) => {
    if (e.action === "delete") return setBell((b) => applyBellDelete(b, e.ticketId, status));
    // read: no longer counted (spec core §7 updateUnread)
    if (e.action === "updateUnread") return setBell((b) => applyBellUpdate(b, { id: e.ticketId, unreadMessages: 0 }, alertViewer));
    const patch = e.ticket as unknown as Partial<AlertTicket> & { id: number };
    const before = known.current.get(patch.id);
    if (before || patch.contact) remember({ ...before, ...patch } as AlertTicket);
    setBell((b) => applyBellUpdate(b, patch, alertViewer));
  };

  const onMessage = async (e: MessageEvent) => {
    if (e.action !== "create" || !e.notify || e.message?.fromMe || seen.current.has(e.message.id)) return;
    if (seen.current.size > CACHE_MAX) seen.current.clear();
    seen.current.add(e.message.id);
    const ticket = known.current.get(e.ticketId) ?? (await api<AlertTicket>(`/api/tickets/${e.ticketId}`).catch(() => null));
    if (!ticket) return;
    const onScreen = isTicketOnScreen(ticket.uuid, window.location.pathname, document.visibilityState);
    if (!shouldNotify(e, ticket, alertViewer, onScreen)) return;
    playNotificationSound(getNotificationVolume());
    showBrowserNotification({
      title: t("newMessage", { name: ticket.contact.name }),
      body: plainBody(e.message.body) || t("media"),
      icon: ticket.contact.profilePicUrl,
      tag: `ticket-${ticket.id}`,
      onClick: () => router.push(`/tickets/${ticket.uuid}`),
    });
  };

  return {
    bell,
    channelList,
    onTicket,
    onMessage: (e: MessageEvent) => void onMessage(e),
    permission,
    enable: () => void requestPermissionOnce(true),
  };
}

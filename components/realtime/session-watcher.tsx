"use client";

import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { clearLocalSession } from "@/lib/api/client";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { useRealtimeEvent } from "./use-realtime";

const RELOAD_DELAY_MS = 1000; // spec: reload 1 s after the other-computer notice

/**
 * Listens on the user's channel for a login elsewhere (spec core §4 Session) and joins the presence
 * channel, which is how the product knows who is online.
 */
export function SessionWatcher({ companyId, userId, sessionId }: { companyId: number; userId: number; sessionId: string }) {
  const t = useTranslations("realtime");
  useRealtimeEvent<{ sessionId?: string }>(channels.user(companyId, userId), EVENTS.auth, (data) => {
    if (!data?.sessionId || data.sessionId === sessionId) return; // our own login
    toast({ variant: "warning", title: t("otherComputer") });
    clearLocalSession();
    setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
  });
  useRealtimeEvent(channels.presence(companyId), "pusher:subscription_succeeded", () => {});
  return null;
}

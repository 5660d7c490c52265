"use client";

import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { clearLocalSession } from "@/lib/api/client";
import { formatDayBr } from "@/lib/dates/today";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { useRealtimeEvent } from "./use-realtime";

const RELOAD_DELAY_MS = 1000; // spec: reload 1 s after the other-computer notice

type AuthEvent = { sessionId?: string; action?: string; dueDate?: string };

/** Why the company's sessions ended (suspended, deleted, past its due date): login's refusal texts. */
const COMPANY_ENDS: Record<string, "ERR_COMPANY_INACTIVE" | "ERR_SUBSCRIPTION_EXPIRED"> = {
  companyInactive: "ERR_COMPANY_INACTIVE",
  companyDeleted: "ERR_COMPANY_INACTIVE",
  subscriptionExpired: "ERR_SUBSCRIPTION_EXPIRED",
};

/**
 * Listens on the user's channel for a login elsewhere (spec core §4 Session) or the end of the
 * company's sessions (suspension, deletion, the due date passing: issue 13), and joins the presence
 * channel, which is how the product knows who is online. Either way the page reloads after a second
 * and the server sends it to /login.
 */
export function SessionWatcher({ companyId, userId, sessionId }: { companyId: number; userId: number; sessionId: string }) {
  const t = useTranslations("realtime");
  const errors = useTranslations("errors");
  useRealtimeEvent<AuthEvent>(channels.user(companyId, userId), EVENTS.auth, (data) => {
    const companyEnd = data?.action ? COMPANY_ENDS[data.action] : undefined;
    if (companyEnd) {
      toast({ variant: "error", title: errors(companyEnd, { date: data?.dueDate ? formatDayBr(data.dueDate) : "" }) });
    } else {
      if (!data?.sessionId || data.sessionId === sessionId) return; // our own login
      toast({ variant: "warning", title: t("otherComputer") });
    }
    clearLocalSession();
    setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
  });
  useRealtimeEvent(channels.presence(companyId), "pusher:subscription_succeeded", () => {});
  return null;
}

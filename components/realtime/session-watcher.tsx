"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { toast } from "@/components/ui/toast";
import { clearLocalSession, COMPANY_ENDED_EVENT, type CompanyEnded } from "@/lib/api/client";
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
 * channel, which is how the product knows who is online. A request refused for the company's state
 * (lib/api/client.ts raises COMPANY_ENDED_EVENT) ends the page the same way, with the same notice.
 * Either way the page reloads after a second and the server sends it to /login.
 */
export function SessionWatcher({ companyId, userId, sessionId }: { companyId: number; userId: number; sessionId: string }) {
  const t = useTranslations("realtime");
  const errors = useTranslations("errors");
  const ending = useRef(false);
  const end = (title: string, variant: "error" | "warning") => {
    if (ending.current) return; // the event and a refused request may both say it: one notice
    ending.current = true;
    toast({ variant, title });
    clearLocalSession();
    setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
  };
  const companyEnded = (code: CompanyEnded["code"], dueDate?: string) =>
    end(errors(code, { date: dueDate ? formatDayBr(dueDate) : "" }), "error");

  useRealtimeEvent<AuthEvent>(channels.user(companyId, userId), EVENTS.auth, (data) => {
    const companyEnd = data?.action ? COMPANY_ENDS[data.action] : undefined;
    if (companyEnd) return companyEnded(companyEnd, data?.dueDate);
    if (!data?.sessionId || data.sessionId === sessionId) return; // our own login
    end(t("otherComputer"), "warning");
  });
  // a request refused for the company's state (it can come before the event): the same notice
  useEffect(() => {
    const onEnded = (e: Event) => companyEnded((e as CustomEvent<CompanyEnded>).detail.code, (e as CustomEvent<CompanyEnded>).detail.dueDate);
    window.addEventListener(COMPANY_ENDED_EVENT, onEnded);
    return () => window.removeEventListener(COMPANY_ENDED_EVENT, onEnded);
  });
  useRealtimeEvent(channels.presence(companyId), "pusher:subscription_succeeded", () => {});
  return null;
}

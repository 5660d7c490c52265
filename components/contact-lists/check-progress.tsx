"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { useRealtimeEvent } from "@/components/realtime/use-realtime";
import { channels, EVENTS } from "@/lib/realtime/channels";
import type { CheckProgress } from "./types";

// the page's data is read again at most this often however fast answers arrive (the sandbox's at every tick)
const REFRESH_GAP_MS = 3000;
// the countdown reached 0 and no answer for this list came: the server's next time, this long after
const REREAD_AT_ZERO_MS = 5000;

type Props = { companyId: number; contactListId: number; progress: CheckProgress };

/**
 * How far the WhatsApp check of the list has got: "412 of 5,000 checked on WhatsApp, next batch in
 * 20 s" (only the counts when no batch is planned). The counts and the next time are the page's
 * server data (lib/contact-lists/check-progress.ts), read again when answers or changes to the
 * list's items arrive and when the countdown runs out.
 */
export function CheckProgressLine({ companyId, contactListId, progress }: Props) {
  const t = useTranslations("contactLists.items.checks");
  const router = useRouter();
  // server data (first render, and each refresh) restarts the countdown
  const [shown, setShown] = useState({ from: progress, left: progress.nextInSeconds });
  if (shown.from !== progress) setShown({ from: progress, left: progress.nextInSeconds });

  const lastRefresh = useRef(0);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refresh = useCallback(() => {
    if (pending.current) return;
    const wait = Math.max(0, lastRefresh.current + REFRESH_GAP_MS - Date.now());
    pending.current = setTimeout(() => {
      pending.current = null;
      lastRefresh.current = Date.now();
      router.refresh();
    }, wait);
  }, [router]);
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );

  useRealtimeEvent(channels.admins(companyId), `${EVENTS.contactListItem}-${contactListId}`, refresh);

  const { left } = shown;
  useEffect(() => {
    if (left === null) return;
    if (left <= 0) {
      const timer = setTimeout(refresh, REREAD_AT_ZERO_MS);
      return () => clearTimeout(timer);
    }
    const timer = setTimeout(() => setShown((s) => (s.left === left ? { ...s, left: left - 1 } : s)), 1000);
    return () => clearTimeout(timer);
  }, [left, refresh]);

  if (!progress.total) return null;
  const counts = { checked: progress.checked, total: progress.total };
  return (
    <p className="text-sm text-muted-foreground tabular-nums" data-testid="check-progress" data-next={left ?? ""}>
      {left === null ? t("counts", counts) : t("next", { ...counts, wait: waitText(t, left) })}
    </p>
  );
}

/** 20 s, 3 min, 9 h: a day's cap waits hours. */
function waitText(t: (key: "seconds" | "minutes" | "hours", values: { n: number }) => string, seconds: number) {
  if (seconds < 60) return t("seconds", { n: seconds });
  if (seconds < 3600) return t("minutes", { n: Math.ceil(seconds / 60) });
  return t("hours", { n: Math.ceil(seconds / 3600) });
}

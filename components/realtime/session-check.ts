"use client";

import { announceCompanyEnd, clearLocalSession } from "@/lib/api/client";

let checking = false;
const RELOAD_DELAY_MS = 1000; // spec: reload 1 s after the session is found expired

/**
 * A refused subscription may mean the session ended: check it (refreshing once) and reload after a
 * second when it is gone, so the page falls back to /login. Gone because of the company (suspended,
 * past its due date): the session watcher tells the user why first.
 */
export async function checkSessionAfterRefusal() {
  if (checking) return;
  checking = true;
  try {
    let res = await fetch("/api/auth/me", { credentials: "same-origin" });
    if (res.status === 403) {
      const refreshed = await fetch("/api/auth/refresh_token", { method: "POST", credentials: "same-origin" });
      if (refreshed.ok) res = await fetch("/api/auth/me", { credentials: "same-origin" });
    }
    if (res.status === 401 || res.status === 403 || res.status === 402) {
      // the company was suspended or expired: the session watcher says so, then reloads
      if (announceCompanyEnd(await res.json().catch(() => ({})))) return;
      clearLocalSession();
      setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
    }
  } finally {
    checking = false;
  }
}

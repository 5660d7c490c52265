"use client";

const ASKED_KEY = "notificationsAsked";

export const notificationsSupported = () => typeof window !== "undefined" && "Notification" in window;

const listeners = new Set<() => void>();
/** For useSyncExternalStore: told when this page asked for the permission. */
export const subscribePermission = (cb: () => void) => (listeners.add(cb), () => void listeners.delete(cb));

export function notificationPermission(): NotificationPermission | "unsupported" {
  return notificationsSupported() ? Notification.permission : "unsupported";
}

/**
 * spec core §2: the browser's permission is requested, once, on the user's first interaction
 * (browsers ignore or hide prompts nobody asked for); unsupported browsers just log.
 */
export async function requestPermissionOnce(force = false): Promise<NotificationPermission | "unsupported"> {
  if (!notificationsSupported()) {
    console.info("[notifications] this browser has no Notification API");
    return "unsupported";
  }
  if (Notification.permission !== "default") return Notification.permission;
  if (!force && localStorage.getItem(ASKED_KEY)) return "default";
  localStorage.setItem(ASKED_KEY, "1");
  try {
    return await Notification.requestPermission();
  } catch (err) {
    console.info("[notifications] permission request failed", err);
    return Notification.permission;
  } finally {
    listeners.forEach((l) => l());
  }
}

type Shown = { title: string; body: string; icon?: string; tag: string; onClick: () => void };

/** Shows a system notification when allowed; a failure (e.g. mobile Chrome wants a service worker) is logged. */
export function showBrowserNotification({ title, body, icon, tag, onClick }: Shown): void {
  if (!notificationsSupported() || Notification.permission !== "granted") return;
  try {
    const n = new Notification(title, { body, icon: icon || undefined, tag });
    n.onclick = () => {
      window.focus();
      onClick();
      n.close();
    };
  } catch (err) {
    console.info("[notifications] could not show a notification", err);
  }
}

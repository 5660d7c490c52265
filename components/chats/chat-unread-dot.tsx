"use client";

import { useTranslations } from "next-intl";
import { useChatsShell } from "./chats-context";

/** The unread dot on the menu's chat item (core §2): shown while any chat has unread messages. */
export function ChatUnreadDot() {
  const t = useTranslations("chats");
  const shell = useChatsShell();
  if (!shell?.unreadChats) return null;
  return (
    <span
      className="absolute -top-1 -right-1 size-2.5 rounded-full bg-destructive ring-2 ring-sidebar"
      role="status"
      aria-label={t("unreadDot")}
      title={t("unreadDot")}
      data-testid="chat-unread-dot"
    />
  );
}

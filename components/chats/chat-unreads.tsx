"use client";

import type { ReactNode } from "react";

// The signed-in user's internal chats as the shell shows them (issue 16 §3): the top bar's chats
// popover and the unread dot on the menu's chat item. Built by the internal chat work.

type ProviderProps = { companyId: number; userId: number; enabled: boolean; children: ReactNode };

export function ChatUnreadsProvider({ children }: ProviderProps) {
  return <>{children}</>;
}

/** The top bar's internal-chats popover. */
export function ChatsPopover() {
  return null;
}

/** The unread dot on the menu's chat item. */
export function ChatUnreadDot() {
  return null;
}

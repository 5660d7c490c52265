"use client";

// The signed-in user's internal chats as the shell shows them (issue 16 §3): the provider around
// the shell, the top bar's chats popover and the unread dot on the menu's chat item.
export { ChatUnreadsProvider, useChatsShell } from "./chats-context";
export { ChatsPopover } from "./chats-popover";
export { ChatUnreadDot } from "./chat-unread-dot";

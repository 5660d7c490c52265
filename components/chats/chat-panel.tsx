"use client";

import { Pencil, Trash2, Users } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { api } from "@/lib/api/client";
import { unreadsOf } from "./chat-state";
import type { ChatMessageRow, ChatRow } from "./chat-types";
import { ChatComposer } from "./chat-composer";
import { ChatMessageList } from "./chat-message-list";
import { useChatMessages } from "./use-chat-messages";

type Props = {
  chat: ChatRow;
  userId: number;
  companyId: number;
  /** the read call's effect, shown at once in the list and the shell */
  onRead: (chatId: number) => void;
  onEdit: () => void;
  onDelete: () => void;
};

/**
 * The messages panel of an open chat: its title and members, the owner's edit and delete (admin
 * §6), the messages and the input. A chat opened with unreads is marked read (admin §4), and so is
 * each message arriving while it is open and the tab visible (the list's count of it goes up). Read and send errors are ignored (admin
 * §8); a failed send keeps its text in the input.
 */
export function ChatPanel({ chat, userId, companyId, onRead, onEdit, onDelete }: Props) {
  const t = useTranslations("chats.messages");
  const [bottomSignal, setBottomSignal] = useState(0);

  const read = useCallback(() => {
    onRead(chat.id);
    void api(`/api/chats/${chat.id}/read`, { method: "POST", json: { userId } }).catch(() => undefined);
  }, [chat.id, userId, onRead]);

  const state = useChatMessages({ companyId, userId, chatId: chat.id });

  // opening a chat with unreads clears them; so does coming back to the tab with some
  const unreads = unreadsOf(chat, userId);
  useEffect(() => {
    if (unreads > 0 && document.visibilityState === "visible") read();
    const onVisible = () => document.visibilityState === "visible" && unreads > 0 && read();
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [unreads, read]);

  const send = async (text: string) => {
    try {
      const sent = await api<ChatMessageRow>(`/api/chats/${chat.id}/messages`, { method: "POST", json: { message: text } });
      state.add(sent);
      setBottomSignal((n) => n + 1);
      return true;
    } catch {
      return false;
    }
  };

  const isOwner = chat.ownerId === userId;
  const names = chat.users.map((u) => (u.userId === userId ? t("you") : u.user.name)).join(", ");
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="chat-panel" data-chat-id={chat.id}>
      <header className="flex items-center gap-3 border-b bg-card px-4 py-2.5">
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold" data-testid="chat-panel-title">
            {chat.title}
          </h2>
          <p className="flex items-center gap-1 truncate text-xs text-muted-foreground" title={names}>
            <Users className="size-3.5 shrink-0" aria-hidden />
            <span className="truncate">{names}</span>
          </p>
        </div>
        {isOwner && (
          <div className="flex shrink-0 gap-1">
            <Button variant="ghost" size="icon" onClick={onEdit} aria-label={t("edit")} title={t("edit")} data-testid="chat-edit">
              <Pencil aria-hidden />
            </Button>
            <Button variant="ghost" size="icon" onClick={onDelete} aria-label={t("delete")} title={t("delete")} data-testid="chat-delete">
              <Trash2 aria-hidden className="text-destructive" />
            </Button>
          </div>
        )}
      </header>
      <ChatMessageList state={state} userId={userId} bottomSignal={bottomSignal} />
      <ChatComposer onSend={send} />
    </div>
  );
}

"use client";

import { List, MessagesSquare } from "lucide-react";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { ConfirmDialog } from "@/components/lists/confirm-dialog";
import { useRealtimeEvent } from "@/components/realtime/use-realtime";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { api } from "@/lib/api/client";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { cn } from "@/lib/utils";
import { ChatDialog } from "./chat-dialog";
import { ChatListPanel } from "./chat-list-panel";
import { ChatPanel } from "./chat-panel";
import type { ChatEvent, ChatRow, ChatsPage } from "./chat-types";
import { useChatsShell } from "./chats-context";
import { useChatList } from "./use-chat-list";

type Pane = "list" | "messages";
type Props = { companyId: number; userId: number; initial: ChatsPage; initialChat: ChatRow | null };

const uuidOf = (path: string) => path.match(/^\/chats\/([0-9a-f-]{36})$/i)?.[1]?.toLowerCase() ?? null;
const go = (path: string) => window.history.pushState(null, "", path);
// leaving a chat that is gone: its address leaves the history too
const leave = () => window.history.replaceState(null, "", "/chats");

/**
 * /chats/{uuid?} (admin §2.10): the chat list beside the open chat's messages; on narrow screens
 * (under 600 px) two tabs, Chats and Mensagens. Opening a chat changes the URL without leaving the
 * page, so the list keeps its pages, search and scroll.
 */
export function ChatsWorkspace({ companyId, userId, initial, initialChat }: Props) {
  const t = useTranslations("chats");
  const shell = useChatsShell();
  const list = useChatList({ companyId, userId, initial });
  const uuid = uuidOf(usePathname());
  const [pane, setPane] = useState<Pane>(uuid ? "messages" : "list");
  const [seenUuid, setSeenUuid] = useState(uuid);
  // a chat opened from elsewhere (the top bar's popover, back and forward) shows on a narrow screen
  if (seenUuid !== uuid) {
    setSeenUuid(uuid);
    setPane(uuid ? "messages" : "list");
  }
  const [dialog, setDialog] = useState<{ chat: ChatRow | null } | null>(null);
  const [deleting, setDeleting] = useState<ChatRow | null>(null);

  // the open chat: from the list, or (beyond its pages, outside a search) as last seen
  const [lastSeen, setLastSeen] = useState<ChatRow | null>(initialChat);
  const inList = uuid ? list.chats.find((c) => c.uuid === uuid) : undefined;
  if (inList && inList !== lastSeen) setLastSeen(inList);
  const found = uuid ? (inList ?? (lastSeen?.uuid === uuid ? lastSeen : null)) : null;

  const open = (next: string) => {
    if (next !== uuid) go(`/chats/${next}`);
    setPane("messages");
  };

  // the open chat deleted, or this user removed from it: back to the list
  useRealtimeEvent<ChatEvent>(channels.user(companyId, userId), EVENTS.chat, (e) => {
    if (e.action === "delete" && found?.id === e.chatId) {
      setLastSeen(null);
      leave();
      setPane("list");
    }
  });

  const markRead = shell?.markRead;
  const onRead = useCallback(
    (chatId: number) => {
      list.markRead(chatId);
      markRead?.(chatId);
    },
    // list.markRead is stable in effect (it only sets state)
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [markRead],
  );

  const remove = async () => {
    if (!deleting) return;
    // admin §8: a failed delete is ignored
    await api(`/api/chats/${deleting.id}`, { method: "DELETE" }).then(
      () => {
        list.remove(deleting.id);
        if (found?.id === deleting.id) leave();
      },
      () => undefined,
    );
  };

  return (
    <div className="-m-4 flex h-[calc(100dvh-4rem)] flex-col overflow-hidden sm:-m-6 min-[600px]:flex-row" data-testid="chats-workspace">
      <Tabs value={pane} onValueChange={(v) => setPane(v as Pane)} className="border-b bg-card p-2 min-[600px]:hidden">
        <TabsList className="w-full">
          <TabsTrigger value="list" data-testid="chats-tab-list">
            <List aria-hidden />
            {t("tabs.chats")}
          </TabsTrigger>
          <TabsTrigger value="messages" data-testid="chats-tab-messages">
            <MessagesSquare aria-hidden />
            {t("tabs.messages")}
          </TabsTrigger>
        </TabsList>
      </Tabs>
      <section
        aria-label={t("tabs.chats")}
        className={cn("min-h-0 flex-1 flex-col bg-card min-[600px]:flex min-[600px]:w-2/5 min-[600px]:flex-none min-[600px]:border-r md:w-1/3 md:max-w-[26rem] md:min-w-[20rem]", pane === "list" ? "flex" : "hidden")}
      >
        <ChatListPanel list={list} userId={userId} selectedId={found?.id ?? null} onOpen={open} onNew={() => setDialog({ chat: null })} />
      </section>
      <section aria-label={t("tabs.messages")} className={cn("min-h-0 min-w-0 flex-1 flex-col bg-background min-[600px]:flex", pane === "messages" ? "flex" : "hidden")}>
        {found ? (
          <ChatPanel
            key={found.id}
            chat={found}
            userId={userId}
            companyId={companyId}
            onRead={onRead}
            onEdit={() => setDialog({ chat: found })}
            onDelete={() => setDeleting(found)}
          />
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-muted-foreground" data-testid="chat-none">
            <MessagesSquare className="size-10 opacity-50" aria-hidden />
            <p className="text-sm">{t("messages.select")}</p>
          </div>
        )}
      </section>
      {dialog && (
        <ChatDialog
          chat={dialog.chat}
          userId={userId}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            setDialog(null);
            list.upsert(saved);
            open(saved.uuid);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t("delete.title")}
        message={t("delete.message")}
        confirmLabel={t("delete.confirm")}
        onConfirm={remove}
        testId="chat-delete-dialog"
      />
    </div>
  );
}

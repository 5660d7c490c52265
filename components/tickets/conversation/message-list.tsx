"use client";

import { ArrowDown, Loader2, MessagesSquare, RotateCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { ConfirmDialog } from "@/components/lists/confirm-dialog";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import type { ConversationMessage } from "./conversation-types";
import { MessageBubble } from "./message-bubble";
import { buildRows } from "./message-rows";
import { CallLine, DaySeparator, TicketNotice } from "./message-separators";
import type { MessagesState } from "./use-messages";

const TOP_THRESHOLD_PX = 50; // spec core §9: the next page loads within 50 px of the top
const AT_BOTTOM_PX = 80;

// a faint dotted wallpaper from the theme's own colours, so it suits light and dark alike
const BACKDROP: React.CSSProperties = {
  backgroundColor: "color-mix(in srgb, var(--muted) 65%, var(--background))",
  backgroundImage: "radial-gradient(color-mix(in srgb, var(--foreground) 9%, transparent) 1px, transparent 1.4px)",
  backgroundSize: "18px 18px",
};

type Props = {
  state: MessagesState;
  isGroup: boolean;
  contactName: string;
  onReply: (m: ConversationMessage) => void;
  /** may this user reply and delete here (lib/tickets/ticket-rules.ts)? Otherwise no message menu */
  canWrite: boolean;
  /** changes when the list must go to the newest message (after this browser sent one) */
  bottomSignal: number;
};

/**
 * The message list. The scroller is flex-direction column-reverse, so its scroll offset counts
 * from the bottom: it opens at the newest message, older pages added at the top do not move what
 * is on screen, and a new message shows at once when the user is at the bottom.
 */
export function MessageList({ state, isGroup, contactName, onReply, canWrite, bottomSignal }: Props) {
  const t = useTranslations("tickets.conversation");
  const errorMessage = useErrorMessage();
  const scroller = useRef<HTMLDivElement>(null);
  const [atBottom, setAtBottom] = useState(true);
  const [deleting, setDeleting] = useState<ConversationMessage | null>(null);
  const { messages, hasMore, loading, loaded, failed, retry, loadOlder, patch, add } = state;
  const rows = useMemo(() => buildRows(messages), [messages]);

  const check = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const fromBottom = Math.abs(el.scrollTop);
    const fromTop = el.scrollHeight - el.clientHeight - fromBottom;
    setAtBottom(fromBottom < AT_BOTTOM_PX);
    if (fromTop < TOP_THRESHOLD_PX) loadOlder();
  }, [loadOlder]);

  // a first page that does not fill the list cannot be scrolled: keep loading until it does
  useEffect(() => {
    if (loaded && !loading) check();
  }, [loaded, loading, messages.length, check]);

  // a new message at the end while the user reads older ones: keep what they read in place
  const last = messages.at(-1)?.id;
  const previous = useRef({ last, height: 0 });
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = previous.current;
    if (before.last !== undefined && last !== before.last && Math.abs(el.scrollTop) >= AT_BOTTOM_PX) {
      el.scrollTop -= el.scrollHeight - before.height;
    }
    previous.current = { last, height: el.scrollHeight };
  }, [last, messages]);

  useEffect(() => {
    if (bottomSignal) scroller.current?.scrollTo({ top: 0 });
  }, [bottomSignal]);

  const jump = useCallback(
    (id: number) => {
      const el = document.getElementById(`message-${id}`);
      if (!el) return toast({ variant: "info", title: t("quotedNotLoaded") });
      el.scrollIntoView({ block: "center", behavior: "smooth" });
      const bubble = el.querySelector<HTMLElement>("[data-bubble]");
      bubble?.setAttribute("data-flash", "true");
      setTimeout(() => bubble?.removeAttribute("data-flash"), 1600);
    },
    [t],
  );

  const remove = async () => {
    if (!deleting) return;
    try {
      patch(await api<ConversationMessage>(`/api/messages/${deleting.id}`, { method: "DELETE" }));
    } catch (err) {
      toast({ variant: "error", title: errorMessage(err) });
      throw err;
    }
  };

  // a failed message sent again: the new one goes at the end, the failed one stays (issue 33 §7)
  const resent = useCallback((m: ConversationMessage) => add([m]), [add]);

  return (
    <div className="relative min-h-0 flex-1" style={BACKDROP}>
      <div
        ref={scroller}
        onScroll={check}
        className="flex h-full flex-col-reverse overflow-x-hidden overflow-y-auto [overflow-anchor:none]"
        data-testid="message-list"
      >
        <div className="flex flex-col pt-2 pb-4">
          {loading && hasMore && (
            <div className="flex justify-center py-3" role="status">
              <Loader2 className="size-5 animate-spin text-muted-foreground" aria-hidden />
              <span className="sr-only">{t("loadingOlder")}</span>
            </div>
          )}
          {!loading && loaded && !hasMore && messages.length > 0 && <p className="py-3 text-center text-xs text-muted-foreground">{t("beginning")}</p>}
          {loaded && messages.length === 0 && (
            <div className="flex flex-col items-center gap-2 py-16 text-center text-sm text-muted-foreground">
              <MessagesSquare className="size-8 opacity-60" aria-hidden />
              {t("noMessages")}
            </div>
          )}
          {!loaded && failed && (
            <div className="flex flex-col items-center gap-3 py-16 text-center text-sm text-muted-foreground" role="alert" data-testid="message-list-error">
              {t("loadError")}
              <Button size="sm" variant="outline" onClick={retry} data-testid="message-list-retry">
                <RotateCw aria-hidden />
                {t("retry")}
              </Button>
            </div>
          )}
          {!loaded && !failed && (
            <div className="flex justify-center py-16" role="status">
              <Loader2 className="size-6 animate-spin text-muted-foreground" aria-hidden />
              <span className="sr-only">{t("loading")}</span>
            </div>
          )}
          {rows.map((row, i) => {
            if (row.kind === "day") return <DaySeparator key={row.key} label={row.label} />;
            if (row.kind === "ended" || row.kind === "started") return <TicketNotice key={row.key} kind={row.kind} at={row.at} />;
            if (row.kind === "call") return <CallLine key={row.key} message={row.message} />;
            const prev = rows[i - 1];
            const first = prev?.kind !== "message" || prev.message.fromMe !== row.message.fromMe || prev.message.contact?.id !== row.message.contact?.id;
            return (
              <MessageBubble
                key={row.key}
                message={row.message}
                first={first}
                isGroup={isGroup}
                contactName={contactName}
                onReply={onReply}
                canWrite={canWrite}
                onDelete={setDeleting}
                onResent={resent}
                onJump={jump}
              />
            );
          })}
        </div>
      </div>
      {!atBottom && (
        <Button
          variant="outline"
          size="icon"
          className="absolute right-4 bottom-4 rounded-full shadow-md"
          onClick={() => scroller.current?.scrollTo({ top: 0, behavior: "smooth" })}
          aria-label={t("toBottom")}
        >
          <ArrowDown aria-hidden />
        </Button>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t("deleteTitle")}
        message={t("deleteMessage")}
        confirmLabel={t("delete")}
        onConfirm={remove}
        testId="delete-message-dialog"
      />
    </div>
  );
}

"use client";

import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { ContactAvatar } from "@/components/contacts/contact-avatar";
import { CallLine } from "@/components/tickets/conversation/message-separators";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import { api, ApiError } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { PeekMessage, type PeekMessageView } from "./peek-message";
import type { TicketItem } from "./ticket-types";

type Page = { messages: PeekMessageView[]; hasMore: boolean };

/**
 * The admins' peek (spec core §2): a read-only view of a ticket's conversation without opening
 * it. A ticket the viewer may not open is refused like opening it ("Acesso não permitido").
 */
export function PeekDialog({ ticket, onClose }: { ticket: TicketItem; onClose: () => void }) {
  const t = useTranslations("tickets.list.peek");
  const common = useTranslations("common");
  const errorMessage = useErrorMessage();
  const [messages, setMessages] = useState<PeekMessageView[] | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const page = useRef(1);
  const box = useRef<HTMLDivElement>(null);
  const keepBottom = useRef<number | null>(null);

  const fetchPage = (n: number) => api<Page>(`/api/messages/${ticket.id}?pageNumber=${n}`);

  useEffect(() => {
    let live = true;
    fetchPage(1)
      .then((p) => {
        if (!live) return;
        keepBottom.current = 0;
        setMessages(p.messages);
        setHasMore(p.hasMore);
      })
      .catch((err: unknown) => {
        if (!live) return;
        const denied = err instanceof ApiError && err.status === 403;
        toast({ variant: "error", title: denied ? common("accessDenied") : errorMessage(err) });
        onClose();
      });
    return () => {
      live = false;
    };
    // one load per opened ticket
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ticket.id]);

  // older pages are prepended: keep the reader where they were (the first page opens at the bottom)
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || keepBottom.current === null) return;
    el.scrollTop = el.scrollHeight - keepBottom.current;
    keepBottom.current = null;
  }, [messages]);

  const older = async () => {
    const el = box.current;
    setLoadingOlder(true);
    try {
      const p = await fetchPage(page.current + 1);
      page.current += 1;
      keepBottom.current = el ? el.scrollHeight - el.scrollTop : 0;
      setMessages((prev) => [...p.messages, ...(prev ?? [])]);
      setHasMore(p.hasMore);
    } catch (err) {
      toast({ variant: "error", title: errorMessage(err) });
    } finally {
      setLoadingOlder(false);
    }
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="gap-0 p-0 sm:max-w-2xl" closeLabel={common("close")} data-testid="peek-dialog">
        <DialogHeader className="flex-row items-center gap-3 border-b px-5 py-4 pr-12 text-left">
          <ContactAvatar name={ticket.contact.name} url={ticket.contact.profilePicUrl} isGroup={ticket.isGroup} className="size-10" />
          <div className="min-w-0">
            <DialogTitle className="truncate">{ticket.contact.name}</DialogTitle>
            <DialogDescription className="truncate">
              {t("description", { queue: ticket.queue?.name ?? t("noQueue"), user: ticket.user?.name ?? t("noUser") })}
            </DialogDescription>
          </div>
        </DialogHeader>
        <div ref={box} className="h-[60vh] space-y-2 overflow-y-auto bg-muted/40 px-4 py-4" data-testid="peek-messages">
          {messages === null && (
            <div className="flex h-full items-center justify-center text-muted-foreground">
              <Loader2 className="size-6 animate-spin" aria-label={common("loading")} />
            </div>
          )}
          {hasMore && (
            <div className="flex justify-center">
              <Button variant="outline" size="sm" onClick={() => void older()} disabled={loadingOlder}>
                {loadingOlder && <Loader2 className="animate-spin" aria-hidden />}
                {t("older")}
              </Button>
            </div>
          )}
          {messages?.length === 0 && <p className="py-10 text-center text-sm text-muted-foreground">{t("empty")}</p>}
          {messages?.map((m, i) => (
            <div key={m.id}>
              {i > 0 && messages[i - 1].ticketId !== m.ticketId && (
                <p className="my-3 text-center text-xs text-muted-foreground" role="separator">
                  {t("otherTicket")}
                </p>
              )}
              {m.mediaType === "call_log" ? <CallLine message={m} /> : <PeekMessage message={m} />}
            </div>
          ))}
        </div>
        <p className="border-t px-5 py-3 text-xs text-muted-foreground">{t("readOnly")}</p>
      </DialogContent>
    </Dialog>
  );
}

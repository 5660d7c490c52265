"use client";

import { Check, CheckCheck, Eye, Loader2, RotateCcw } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { useTicketPermissions } from "../use-ticket-permissions";
import type { TicketItem } from "./ticket-types";

export type RowActions = {
  accept: (t: TicketItem) => void;
  resolve: (t: TicketItem) => void;
  reopen: (t: TicketItem) => void;
  peek: (t: TicketItem) => void;
};

type Props = { ticket: TicketItem; canPeek: boolean; busy: boolean; actions: RowActions };

/**
 * spec core §2: Accept (pending), Finalizar (not closed), Reabrir (closed); admins also peek. Each
 * only when this user may do it (lib/tickets/ticket-rules.ts): a colleague's open ticket in the
 * search tab offers no Finalizar.
 */
export function TicketRowActions({ ticket, canPeek, busy, actions }: Props) {
  const t = useTranslations("tickets.list.buttons");
  const can = useTicketPermissions(ticket);
  const spinner = <Loader2 className="animate-spin" aria-hidden />;
  return (
    <div className="relative z-[2] flex shrink-0 items-center gap-1">
      {canPeek && (
        <Tooltip>
          <TooltipTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              className="size-7 text-muted-foreground hover:text-foreground"
              onClick={() => actions.peek(ticket)}
              aria-label={t("peek")}
              data-testid="ticket-peek"
            >
              <Eye />
            </Button>
          </TooltipTrigger>
          <TooltipContent>{t("peek")}</TooltipContent>
        </Tooltip>
      )}
      {can.accept && (
        <Button size="sm" className="h-7 px-2.5 text-xs" disabled={busy} onClick={() => actions.accept(ticket)} data-testid="ticket-accept">
          {busy ? spinner : <Check aria-hidden />}
          {t("accept")}
        </Button>
      )}
      {can.close && (
        <Button
          variant="outline"
          size="sm"
          className="h-7 px-2.5 text-xs"
          disabled={busy}
          onClick={() => actions.resolve(ticket)}
          data-testid="ticket-resolve"
        >
          {busy && ticket.status !== "pending" ? spinner : <CheckCheck aria-hidden />}
          {t("resolve")}
        </Button>
      )}
      {can.reopen && (
        <Button variant="outline" size="sm" className="h-7 px-2.5 text-xs" disabled={busy} onClick={() => actions.reopen(ticket)} data-testid="ticket-reopen">
          {busy ? spinner : <RotateCcw aria-hidden />}
          {t("reopen")}
        </Button>
      )}
    </div>
  );
}

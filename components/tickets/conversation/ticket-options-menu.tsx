"use client";

import { ArrowLeftRight, CalendarClock, EllipsisVertical, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ConfirmDialog } from "@/components/lists/confirm-dialog";
import { ScheduleDialog } from "@/components/schedules/schedule-dialog";
import { isAdminViewer, useViewer } from "@/components/shell/viewer-context";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { oneHourAhead } from "@/lib/schedules/calendar";
import type { ConversationTicket } from "./conversation-types";
import { TransferDialog } from "./transfer-dialog";

type Props = { ticket: ConversationTicket; canTransfer: boolean; onDeleted: () => void };

/**
 * The ticket options menu (spec core §2): schedule, transfer (for whoever may change the ticket:
 * lib/tickets/ticket-rules.ts), and delete for admins.
 */
export function TicketOptionsMenu({ ticket, canTransfer, onDeleted }: Props) {
  const t = useTranslations("tickets.conversation");
  const errorMessage = useErrorMessage();
  const viewer = useViewer();
  const [open, setOpen] = useState<"schedule" | "transfer" | "delete" | null>(null);

  const remove = async () => {
    try {
      await api(`/api/tickets/${ticket.id}`, { method: "DELETE" });
      toast({ variant: "success", title: t("deletedByMe") });
      onDeleted();
    } catch (err) {
      toast({ variant: "error", title: errorMessage(err) });
      throw err;
    }
  };

  return (
    <>
      {/* not modal: a dialog opened from an item must not inherit the menu's pointer lock */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={t("options")} title={t("options")} data-testid="ticket-options">
            <EllipsisVertical aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-44">
          <DropdownMenuItem onSelect={() => setOpen("schedule")} data-testid="ticket-schedule">
            <CalendarClock aria-hidden />
            {t("schedule")}
          </DropdownMenuItem>
          {canTransfer && (
            <DropdownMenuItem onSelect={() => setOpen("transfer")} data-testid="ticket-transfer">
              <ArrowLeftRight aria-hidden />
              {t("transfer")}
            </DropdownMenuItem>
          )}
          {isAdminViewer(viewer) && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem variant="destructive" onSelect={() => setOpen("delete")} data-testid="ticket-delete">
                <Trash2 aria-hidden />
                {t("deleteTicket")}
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {open === "schedule" && (
        <ScheduleDialog scheduleId={null} defaults={{ sendAt: oneHourAhead(), contact: ticket.contact }} onClose={() => setOpen(null)} />
      )}
      {open === "transfer" && <TransferDialog ticket={ticket} onClose={() => setOpen(null)} />}
      <ConfirmDialog
        open={open === "delete"}
        onOpenChange={(o) => !o && setOpen(null)}
        title={t("deleteTicketTitle")}
        message={t("deleteTicketMessage")}
        confirmLabel={t("deleteTicket")}
        onConfirm={remove}
        testId="delete-ticket-dialog"
      />
    </>
  );
}

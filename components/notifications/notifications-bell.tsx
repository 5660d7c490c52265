"use client";

import { Bell, BellOff, BellRing } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ContactAvatar } from "@/components/contacts/contact-avatar";
import { TicketChannels } from "@/components/tickets/list/ticket-channels";
import { formatTicketTime, unreadLabel } from "@/components/tickets/list/ticket-format";
import { useTicketActor } from "@/components/tickets/use-ticket-permissions";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { canOpenTicket } from "@/lib/tickets/ticket-rules";
import { bellCount } from "./notification-rules";
import { useTicketAlerts } from "./use-ticket-alerts";

/**
 * The top bar's bell (spec core §2): how many tickets have unread messages (pending ones too for
 * allTicket users), listed in a popover; a click opens the ticket, or, for another queue's pending
 * ticket an allTicket user may accept but not open, the list where Accept is. It also raises the alerts.
 */
export function NotificationsBell() {
  const t = useTranslations("notifications");
  const router = useRouter();
  const alerts = useTicketAlerts();
  const actor = useTicketActor();
  const [open, setOpen] = useState(false);
  const count = bellCount(alerts.bell);
  const label = count ? t("bellCount", { count }) : t("bell");

  return (
    <>
      <TicketChannels list={alerts.channelList} onTicket={alerts.onTicket} onMessage={alerts.onMessage} />
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button variant="ghost" size="icon" className="relative" aria-label={label} title={label} data-testid="notifications-bell">
            {count ? <BellRing className="size-5" /> : <Bell className="size-5" />}
            {count > 0 && (
              <span
                className="absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive-fill px-1 text-[10px] leading-none font-semibold text-destructive-foreground tabular-nums"
                data-testid="notifications-count"
              >
                {unreadLabel(count)}
              </span>
            )}
          </Button>
        </PopoverTrigger>
        <PopoverContent align="end" className="w-80 p-0" data-testid="notifications-popover">
          <div className="flex items-center justify-between border-b px-4 py-3">
            <p className="text-sm font-semibold">{t("title")}</p>
            {count > 0 && <span className="text-xs text-muted-foreground">{t("unreadTickets", { count })}</span>}
          </div>
          <ul className="max-h-96 overflow-y-auto py-1">
            {alerts.bell.items.length === 0 && (
              <li className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm text-muted-foreground">
                <Bell className="size-6 opacity-60" aria-hidden />
                {t("empty")}
              </li>
            )}
            {alerts.bell.items.map((ticket) => (
              <li key={ticket.id}>
                <button
                  type="button"
                  className="flex w-full items-center gap-3 px-4 py-2.5 text-left outline-none hover:bg-accent focus-visible:bg-accent"
                  onClick={() => {
                    setOpen(false);
                    router.push(canOpenTicket(actor, ticket) ? `/tickets/${ticket.uuid}` : "/tickets");
                  }}
                  data-testid="notification-item"
                >
                  <ContactAvatar name={ticket.contact.name} url={ticket.contact.profilePicUrl} isGroup={ticket.isGroup} />
                  <span className="min-w-0 flex-1">
                    <span className="flex items-center gap-2">
                      <span className="truncate text-sm font-medium">{ticket.contact.name}</span>
                      <span className="ml-auto shrink-0 text-[11px] text-muted-foreground tabular-nums">{formatTicketTime(ticket.updatedAt)}</span>
                    </span>
                    <span className="flex items-center gap-2">
                      <span className="truncate text-xs text-muted-foreground">{ticket.lastMessage}</span>
                      <span className="ml-auto h-4.5 min-w-4.5 shrink-0 rounded-full bg-success px-1.5 text-center text-[10px] leading-[18px] font-semibold text-success-foreground tabular-nums">
                        {unreadLabel(ticket.unreadMessages)}
                      </span>
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <PermissionFooter permission={alerts.permission} onEnable={alerts.enable} />
        </PopoverContent>
      </Popover>
    </>
  );
}

function PermissionFooter({ permission, onEnable }: { permission: string; onEnable: () => void }) {
  const t = useTranslations("notifications");
  if (permission === "granted") return null;
  return (
    <div className="flex items-center gap-2 border-t bg-muted/40 px-4 py-2.5 text-xs text-muted-foreground">
      <BellOff className="size-4 shrink-0" aria-hidden />
      {permission === "default" ? (
        <>
          <span className="flex-1">{t("permissionOff")}</span>
          <Button size="sm" variant="outline" className="h-7 px-2 text-xs" onClick={onEnable} data-testid="notifications-enable">
            {t("enable")}
          </Button>
        </>
      ) : (
        <span>{permission === "denied" ? t("permissionDenied") : t("unsupported")}</span>
      )}
    </div>
  );
}

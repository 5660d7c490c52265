"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { api, ApiError } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";

type Holder = { user: { name: string } | null; queue: { name: string } | null };

/**
 * The row action "start a ticket": opens the contact's ticket (new, or the caller's own) at
 * /tickets/{uuid}. spec core §8: when another user holds it, a warning names that user and queue.
 */
export function useStartTicket() {
  const t = useTranslations("contacts.toasts");
  const router = useRouter();
  const errorMessage = useErrorMessage();
  const [pendingId, setPendingId] = useState<number | null>(null);

  const start = async (contactId: number) => {
    setPendingId(contactId);
    try {
      const ticket = await api<{ uuid: string }>(`/api/contacts/${contactId}/ticket`, { method: "POST", json: {} });
      router.push(`/tickets/${ticket.uuid}`);
    } catch (err) {
      const holder = err instanceof ApiError && err.code === "ERR_OTHER_OPEN_TICKET" ? (err.data.ticket as Holder | undefined) : undefined;
      if (holder) {
        const queue = holder.queue?.name ?? "none";
        const title = holder.user ? t("otherOpenTicket", { user: holder.user.name, queue }) : t("pendingOtherQueue", { queue });
        toast({ variant: "warning", title, duration: 6000 });
      } else {
        toast({ variant: "error", title: errorMessage(err) });
      }
    } finally {
      setPendingId(null);
    }
  };
  return { start, pendingId };
}

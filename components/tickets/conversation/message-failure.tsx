"use client";

import { AlertCircle, Loader2, RotateCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import type { ConversationMessage } from "./conversation-types";

/**
 * Why an own message failed, in words (issue 33 §7): WhatsApp's refusal codes ("463") have their
 * own text, any other code is named in a generic one; the product's ERR_ codes read as the API's
 * errors do; anything else is the generic failure with the text beside it.
 */
export function useFailureReason() {
  const t = useTranslations("tickets.conversation.failure");
  const errors = useTranslations("errors");
  const ack = useTranslations("tickets.conversation.ack");
  return (sendError: string | null): string => {
    const code = sendError?.trim() ?? "";
    if (/^\d+$/.test(code)) return t.has(`codes.${code}`) ? t(`codes.${code}`) : t("unknownCode", { code });
    if (code.startsWith("ERR_") && errors.has(code)) return errors(code);
    // a send error with no code (the provider's own text) is kept beside the generic words
    return code ? `${ack("failed")} (${code})` : ack("failed");
  };
}

type Props = { message: Pick<ConversationMessage, "id" | "sendError" | "resentAs">; onResent?: (m: ConversationMessage) => void };

/** The failed bubble's reason and, for whoever may write in the ticket, Resend (a new message). */
export function MessageFailure({ message, onResent }: Props) {
  const t = useTranslations("tickets.conversation.failure");
  const reason = useFailureReason()(message.sendError);
  const errorMessage = useErrorMessage();
  const [busy, setBusy] = useState(false);
  // sent again (here, or by anyone: the update event carries resentAs): Resend is not offered twice
  const [resentHere, setResentHere] = useState(false);
  const resent = resentHere || !!message.resentAs;
  const resend = async () => {
    if (!onResent || busy || resent) return;
    setBusy(true);
    try {
      onResent(await api<ConversationMessage>(`/api/messages/${message.id}/resend`, { method: "POST" }));
      setResentHere(true);
    } catch (err) {
      toast({ variant: "error", title: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="clear-both mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 border-t border-destructive/20 pt-1" data-testid="message-failure">
      <span className="inline-flex items-center gap-1 text-xs text-destructive" role="alert" data-testid="message-failure-reason">
        <AlertCircle className="size-3.5 shrink-0" aria-hidden />
        {reason}
      </span>
      {resent ? (
        <span className="ml-auto inline-flex items-center gap-1 text-xs text-muted-foreground" data-testid="message-resent">
          <RotateCw className="size-3" aria-hidden />
          {t("resent")}
        </span>
      ) : onResent && (
        <Button type="button" variant="ghost" size="sm" className="ml-auto h-6 px-2 text-xs" onClick={resend} disabled={busy} data-testid="message-resend">
          {busy ? <Loader2 className="animate-spin" aria-hidden /> : <RotateCw aria-hidden />}
          {t("resend")}
        </Button>
      )}
    </div>
  );
}

"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useViewer } from "@/components/shell/viewer-context";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { composeBody, composeCaption, type ComposeContext } from "./compose-message";
import type { ConversationMessage } from "./conversation-types";
import { useSignature } from "./use-signature";

type Sent = { messages: ConversationMessage[] };

/**
 * POST /api/messages/{ticketId}: text as JSON, files as multipart `medias` with the text as the
 * caption. Variables and the signature are applied here, just before sending.
 */
export function useSendMessage(ticket: { id: number; contact: { name: string } }, onSent: (messages: ConversationMessage[]) => void) {
  const viewer = useViewer();
  const t = useTranslations("tickets.conversation.greeting");
  const errorMessage = useErrorMessage();
  const [signed, setSigned] = useSignature();
  const [sending, setSending] = useState(false);

  const context = (): ComposeContext => ({
    contactName: ticket.contact.name,
    ticketId: ticket.id,
    agentName: viewer.name,
    signed,
    greetings: { morning: t("morning"), afternoon: t("afternoon"), night: t("night") },
  });

  const post = async (init: RequestInit & { json?: unknown }): Promise<boolean> => {
    setSending(true);
    try {
      const res = await api<Sent>(`/api/messages/${ticket.id}`, { method: "POST", ...init });
      onSent(res.messages ?? []);
      return true;
    } catch (err) {
      toast({ variant: "error", title: errorMessage(err) });
      return false;
    } finally {
      setSending(false);
    }
  };

  /** Text only; blank text is not sent (false). */
  const sendText = (text: string, quotedId: number | null) => {
    const body = composeBody(text, context());
    if (body === null) return Promise.resolve(false);
    return post({ json: { body, ...(quotedId ? { quotedMsg: { id: quotedId } } : {}) } });
  };

  /**
   * Files with an optional caption. Recorded audio is sent unsigned and without caption: a voice
   * note carries no text.
   */
  const sendFiles = (files: File[], caption: string, quotedId: number | null, opts: { raw?: boolean } = {}) => {
    const form = new FormData();
    for (const f of files) form.append("medias", f, f.name);
    form.append("body", opts.raw ? caption : composeCaption(caption, context()));
    if (quotedId) form.append("quotedMsgId", String(quotedId));
    return post({ body: form });
  };

  return { sending, signed, setSigned, sendText, sendFiles };
}

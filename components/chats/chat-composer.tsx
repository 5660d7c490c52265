"use client";

import { SendHorizontal } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { CHAT_MESSAGE_MAX } from "@/lib/chats/schemas";
import { canSend, isSendKey, textAfterSend } from "./chat-state";

/**
 * The message input (admin §2.10): Enter or the button sends non-blank text, Shift+Enter breaks
 * the line. `onSend` resolves true when the message was taken; the text stays until then (and
 * after a failure, so nothing typed is lost).
 */
export function ChatComposer({ onSend }: { onSend: (text: string) => Promise<boolean> }) {
  const t = useTranslations("chats.messages");
  const [text, setText] = useState("");
  const sending = useRef(false);
  const input = useRef<HTMLTextAreaElement>(null);

  const send = async () => {
    if (sending.current || !canSend(text)) return;
    sending.current = true;
    const sent = text;
    try {
      const ok = await onSend(sent);
      setText((now) => textAfterSend(now, sent, ok));
    } finally {
      sending.current = false;
      input.current?.focus();
    }
  };

  return (
    <form
      className="flex items-end gap-2 border-t bg-card p-2 sm:p-3"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
      data-testid="chat-composer"
    >
      <Textarea
        ref={input}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (isSendKey({ key: e.key, shiftKey: e.shiftKey, isComposing: e.nativeEvent.isComposing })) {
            e.preventDefault();
            void send();
          }
        }}
        rows={1}
        maxLength={CHAT_MESSAGE_MAX}
        placeholder={t("placeholder")}
        aria-label={t("placeholder")}
        className="field-sizing-content max-h-40 min-h-10 resize-none"
        data-testid="chat-input"
      />
      <Button type="submit" size="icon" disabled={!canSend(text)} aria-label={t("send")} title={t("send")} data-testid="chat-send">
        <SendHorizontal aria-hidden />
      </Button>
    </form>
  );
}

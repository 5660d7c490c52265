"use client";

import { Paperclip, Send, Signature } from "lucide-react";
import { useTranslations } from "next-intl";
import { useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { AudioRecorder } from "@/components/audio/audio-recorder";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { cn } from "@/lib/utils";
import { AttachmentChips } from "./attachment-chips";
import type { ConversationMessage, ConversationTicket } from "./conversation-types";
import type { QuickSuggestion } from "./quick-answer-match";
import { QuickAnswers } from "./quick-answers";
import { ReplyPreview } from "./reply-preview";
import { useQuickAnswers } from "./use-quick-answers";
import { useSendMessage } from "./use-send-message";

const MAX_ROWS = 5; // spec core §9: the input grows up to 5 rows

type Props = {
  ticket: ConversationTicket;
  replyTo: ConversationMessage | null;
  onClearReply: () => void;
  onSent: (messages: ConversationMessage[]) => void;
  /** why the ticket cannot be answered now (pending: accept first; closed: reopen first) */
  locked: ReactNode | null;
};

/** The message input (spec core §2): text, "/" quick answers, attachments, audio, signature. */
export function MessageInput({ ticket, replyTo, onClearReply, onSent, locked }: Props) {
  const t = useTranslations("tickets.conversation");
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [recording, setRecording] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const { sending, signed, setSigned, sendText, sendFiles } = useSendMessage(ticket, onSent);
  const quick = useQuickAnswers(text);
  const quotedId = replyTo?.id ?? null;

  // grow with the text up to 5 rows, then scroll
  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    const style = getComputedStyle(el);
    const line = parseFloat(style.lineHeight) || 20;
    const frame = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) + parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
    const max = line * MAX_ROWS + frame;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight + parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth), max)}px`;
    el.style.overflowY = el.scrollHeight + frame > max + 1 ? "auto" : "hidden";
  }, [text, locked, recording]);

  const done = () => {
    setText("");
    setFiles([]);
    onClearReply();
    area.current?.focus();
  };

  const send = async () => {
    if (sending) return;
    const ok = files.length ? await sendFiles(files, text, quotedId) : await sendText(text, quotedId);
    if (ok) done();
  };

  const choose = async (s: QuickSuggestion) => {
    if (!s.row.mediaUrl) {
      setText(s.row.message);
      requestAnimationFrame(() => area.current?.setSelectionRange(s.row.message.length, s.row.message.length));
      return;
    }
    // a quick answer with a file sends it at once, its text as the caption
    try {
      const res = await fetch(s.row.mediaUrl, { credentials: "same-origin" });
      if (!res.ok) throw new Error(String(res.status));
      const blob = await res.blob();
      const file = new File([blob], s.row.mediaName || "file", { type: blob.type });
      if (await sendFiles([file], s.row.message, quotedId)) done();
    } catch {
      toast({ variant: "error", title: t("quickFileFailed") });
    }
  };

  // copied now: a FileList is live, and the picker is cleared right after (an updater that React
  // runs later would find it empty and the picked files would be lost)
  const addFiles = (list: FileList | null) => {
    const picked = list ? Array.from(list) : [];
    if (picked.length) setFiles((prev) => [...prev, ...picked]);
  };

  if (locked) {
    return (
      <div className="flex flex-wrap items-center justify-center gap-3 border-t bg-muted/50 px-4 py-3 text-center text-sm text-muted-foreground" data-testid="input-locked">
        {locked}
      </div>
    );
  }

  const canSend = files.length > 0 || text.trim() !== "";
  return (
    <div
      className="relative border-t bg-card"
      onDragOver={(e) => e.dataTransfer.types.includes("Files") && e.preventDefault()}
      onDrop={(e) => {
        if (!e.dataTransfer.files.length) return;
        e.preventDefault();
        addFiles(e.dataTransfer.files);
      }}
    >
      {quick.suggestions.length > 0 && !recording && (
        <QuickAnswers suggestions={quick.suggestions} active={quick.active} onChoose={choose} onHover={quick.setActive} />
      )}
      {replyTo && <ReplyPreview message={replyTo} contactName={ticket.contact.name} onCancel={onClearReply} />}
      {files.length > 0 && <AttachmentChips files={files} onRemove={(i) => setFiles((prev) => prev.filter((_, j) => j !== i))} />}
      <div className="flex items-end gap-1 p-2 sm:gap-1.5 sm:px-3">
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          onChange={(e) => {
            addFiles(e.target.files);
            e.target.value = "";
          }}
          data-testid="attach-input"
        />
        {!recording && (
          <>
            <Button type="button" variant="ghost" size="icon" className="rounded-full" onClick={() => picker.current?.click()} disabled={sending} aria-label={t("attach")} title={t("attach")}>
              <Paperclip className="size-5" aria-hidden />
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className={cn("rounded-full", signed ? "text-primary" : "text-muted-foreground")}
              onClick={() => setSigned(!signed)}
              aria-pressed={signed}
              aria-label={t("signature")}
              title={signed ? t("signatureOn") : t("signatureOff")}
              data-testid="signature-toggle"
            >
              <Signature className="size-5" aria-hidden />
            </Button>
            <textarea
              ref={area}
              rows={1}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                if (quick.onKey(e, choose)) return;
                if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  void send();
                }
              }}
              onPaste={(e) => {
                if (!e.clipboardData.files.length) return;
                e.preventDefault();
                addFiles(e.clipboardData.files);
              }}
              placeholder={files.length ? t("captionPlaceholder") : t("placeholder")}
              aria-label={t("placeholder")}
              className="min-h-10 flex-1 resize-none rounded-3xl border border-input bg-background px-4 py-2 text-base leading-6 shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 md:text-sm md:leading-6 dark:bg-input/20"
              data-testid="message-input"
            />
          </>
        )}
        {recording && <span className="flex-1 self-center px-2 text-sm text-muted-foreground">{t("recordingHint")}</span>}
        {canSend && !recording ? (
          <Button type="button" size="icon" className="rounded-full" onClick={send} disabled={sending} aria-label={t("send")} title={t("send")} data-testid="send-message">
            <Send className="size-4" aria-hidden />
          </Button>
        ) : (
          <AudioRecorder disabled={sending} onActiveChange={setRecording} onRecorded={(file) => sendFiles([file], "", quotedId, { raw: true }).then((ok) => ok && onClearReply())} />
        )}
      </div>
    </div>
  );
}

"use client";

import { Loader2, Mic, Send, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { useAudioRecorder } from "./use-audio-recorder";

const clock = (s: number) => `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;

type Props = {
  disabled?: boolean;
  onRecorded: (file: File) => Promise<unknown>;
  /** told when recording starts or ends, so the input can make room for the timer */
  onActiveChange?: (active: boolean) => void;
};

/**
 * The microphone button of the message input: idle shows the mic; recording shows the timer,
 * cancel and send; sending shows a spinner (spec core §4 "Message recording").
 */
export function AudioRecorder({ disabled, onRecorded, onActiveChange }: Props) {
  const t = useTranslations("audio");
  const recorder = useAudioRecorder({
    onRecorded,
    onTooShort: () => toast({ variant: "warning", title: t("tooShort") }),
    onError: (err) => {
      const denied = err instanceof DOMException && (err.name === "NotAllowedError" || err.name === "SecurityError");
      toast({ variant: "error", title: denied ? t("denied") : t("failed") });
    },
  });

  const active = recorder.state !== "idle";
  useEffect(() => onActiveChange?.(active), [active, onActiveChange]);

  if (recorder.state === "idle") {
    return (
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="rounded-full"
        disabled={disabled}
        onClick={recorder.start}
        aria-label={t("record")}
        title={t("record")}
        data-testid="audio-record"
      >
        <Mic className="size-5" aria-hidden />
      </Button>
    );
  }

  if (recorder.state === "sending") {
    return (
      <div className="flex h-9 items-center gap-2 px-2 text-sm text-muted-foreground" role="status" data-testid="audio-sending">
        <Loader2 className="size-4 animate-spin" aria-hidden />
        {t("sending")}
      </div>
    );
  }

  return (
    <div className="flex items-center gap-1.5" data-testid="audio-recording">
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="rounded-full text-destructive hover:text-destructive"
        onClick={recorder.cancel}
        aria-label={t("cancel")}
        title={t("cancel")}
        data-testid="audio-cancel"
      >
        <X className="size-5" aria-hidden />
      </Button>
      <span className="flex items-center gap-2 rounded-full bg-destructive/10 px-3 py-1 text-sm font-medium tabular-nums text-destructive" aria-live="polite">
        <span className="size-2 animate-pulse rounded-full bg-destructive" aria-hidden />
        {clock(recorder.seconds)}
      </span>
      <Button
        type="button"
        size="icon"
        className="rounded-full"
        onClick={recorder.finish}
        aria-label={t("send")}
        title={t("send")}
        data-testid="audio-send"
      >
        <Send className="size-4" aria-hidden />
      </Button>
    </div>
  );
}

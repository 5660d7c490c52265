"use client";

import { ImageIcon, Paperclip, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useRef } from "react";
import { Button } from "@/components/ui/button";
import { ANNOUNCEMENT_MEDIA_ACCEPT } from "@/lib/announcements/image-type";

type Props = {
  /** the image already stored (kept unless removed) */
  current: { name: string; url: string } | null;
  /** an image picked now, uploaded on save */
  picked: File | null;
  onPick: (file: File | null) => void;
  onRemoveCurrent: () => void;
};

/** The announcement's optional image (.png/.jpg/.jpeg): a preview with its name, pick, replace, remove. */
export function ImageField({ current, picked, onPick, onRemoveCurrent }: Props) {
  const t = useTranslations("announcements.dialog");
  const input = useRef<HTMLInputElement>(null);
  const pickedUrl = useMemo(() => (picked ? URL.createObjectURL(picked) : null), [picked]);
  useEffect(() => () => void (pickedUrl && URL.revokeObjectURL(pickedUrl)), [pickedUrl]);
  const shown = picked ? { name: picked.name, url: pickedUrl } : current;

  return (
    <div className="space-y-2">
      {shown && (
        <div className="flex items-center gap-3 rounded-lg border bg-muted/40 p-2" data-testid="announcement-image">
          {shown.url ? (
            // eslint-disable-next-line @next/next/no-img-element -- an authenticated or local blob URL
            <img src={shown.url} alt="" className="size-12 shrink-0 rounded-md border bg-background object-cover" />
          ) : (
            <ImageIcon className="size-6 shrink-0 text-muted-foreground" aria-hidden />
          )}
          <span className="min-w-0 flex-1 truncate text-sm font-medium" data-testid="announcement-image-name">
            {shown.name}
          </span>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={t("remove")}
            onClick={() => (picked ? onPick(null) : onRemoveCurrent())}
            data-testid="remove-image"
          >
            <X aria-hidden />
          </Button>
        </div>
      )}
      <input
        ref={input}
        type="file"
        accept={ANNOUNCEMENT_MEDIA_ACCEPT}
        className="hidden"
        onChange={(e) => {
          onPick(e.target.files?.[0] ?? null);
          e.target.value = "";
        }}
        data-testid="field-image"
      />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button type="button" variant="outline" size="sm" onClick={() => input.current?.click()} data-testid="pick-image">
          <Paperclip aria-hidden />
          {shown ? t("replace") : t("pick")}
        </Button>
        <span className="text-xs text-muted-foreground">{t("attachmentHint")}</span>
      </div>
    </div>
  );
}

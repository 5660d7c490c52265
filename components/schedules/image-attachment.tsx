"use client";

import { ImagePlus, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { isScheduleImage, MAX_SCHEDULE_IMAGE_BYTES, SCHEDULE_IMAGE_ACCEPT } from "@/lib/schedules/schemas";

/** A picked file (with its object URL for the preview) or the image already stored. */
export type Attachment = { file: File; previewUrl: string } | { url: string; name: string } | null;

type Props = {
  value: Attachment;
  onChange: (next: Attachment) => void;
  disabled?: boolean;
};

/** The schedule's image (spec core §5: png, jpg, jpeg), with a preview and a remove button. */
export function ImageAttachment({ value, onChange, disabled }: Props) {
  const t = useTranslations("schedules.attachment");
  const tv = useTranslations("validation");
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  // the object URL of a picked file lives until it is replaced, removed or the modal closes
  useEffect(() => () => revoke(latest.current), []);
  const preview = value ? ("file" in value ? value.previewUrl : value.url) : null;
  const name = value ? ("file" in value ? value.file.name : value.name) : "";

  const change = (next: Attachment) => {
    revoke(value);
    onChange(next);
  };
  const pick = (file: File | undefined) => {
    if (!file) return;
    if (!isScheduleImage(file)) return setError(tv("imageType"));
    if (file.size > MAX_SCHEDULE_IMAGE_BYTES) return setError(t("tooLarge"));
    setError(null);
    change({ file, previewUrl: URL.createObjectURL(file) });
  };

  return (
    <div className="grid gap-2">
      <input
        ref={inputRef}
        type="file"
        accept={SCHEDULE_IMAGE_ACCEPT}
        className="hidden"
        onChange={(e) => {
          pick(e.target.files?.[0]);
          e.target.value = "";
        }}
        data-testid="schedule-image-input"
      />
      {value && preview ? (
        <div className="flex items-center gap-3 rounded-lg border bg-muted/40 p-2" data-testid="schedule-image-preview">
          {/* a blob: or the authenticated media route: next/image would not add anything here */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={preview} alt={name} className="size-16 shrink-0 rounded-md border bg-background object-cover" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium">{name}</p>
            <p className="text-xs text-muted-foreground">{t("hint")}</p>
          </div>
          {!disabled && (
            <Button type="button" variant="ghost" size="icon" onClick={() => change(null)} aria-label={t("remove")} title={t("remove")} data-testid="schedule-image-remove">
              <X aria-hidden />
            </Button>
          )}
        </div>
      ) : (
        !disabled && (
          <Button type="button" variant="outline" className="w-fit" onClick={() => inputRef.current?.click()} data-testid="schedule-image-add">
            <ImagePlus aria-hidden />
            {t("add")}
          </Button>
        )
      )}
      {error && <p className="text-sm text-destructive" role="alert">{error}</p>}
    </div>
  );
}

function revoke(a: Attachment) {
  if (a && "file" in a) URL.revokeObjectURL(a.previewUrl);
}

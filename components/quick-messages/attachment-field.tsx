"use client";

import { FileText, Paperclip, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRef } from "react";
import { Button } from "@/components/ui/button";

type Props = {
  /** the file already stored (kept unless removed) */
  current: { name: string; url: string } | null;
  /** a file picked now, to upload on save */
  picked: File | null;
  onPick: (file: File | null) => void;
  onRemoveCurrent: () => void;
};

const size = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** The quick message's optional file: shows the stored or picked one, picks, replaces, removes. */
export function AttachmentField({ current, picked, onPick, onRemoveCurrent }: Props) {
  const t = useTranslations("quickMessages.dialog");
  const input = useRef<HTMLInputElement>(null);
  const shown = picked ? { name: picked.name.replace(/ /g, "_"), detail: size(picked.size), url: null } : current ? { ...current, detail: null } : null;
  return (
    <div className="space-y-2">
      {shown && (
        <div className="flex items-center gap-3 rounded-lg border bg-muted/40 px-3 py-2" data-testid="attachment">
          <FileText className="size-5 shrink-0 text-muted-foreground" aria-hidden />
          <div className="min-w-0 flex-1">
            {shown.url ? (
              <a href={shown.url} target="_blank" rel="noreferrer" className="block truncate text-sm font-medium hover:underline">
                {shown.name}
              </a>
            ) : (
              <span className="block truncate text-sm font-medium">{shown.name}</span>
            )}
            {shown.detail && <span className="text-xs text-muted-foreground">{shown.detail}</span>}
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={t("removeMedia")}
            onClick={() => (picked ? onPick(null) : onRemoveCurrent())}
            data-testid="remove-attachment"
          >
            <X aria-hidden />
          </Button>
        </div>
      )}
      <input
        ref={input}
        type="file"
        className="hidden"
        onChange={(e) => {
          onPick(e.target.files?.[0] ?? null);
          e.target.value = "";
        }}
        data-testid="field-file"
      />
      <Button type="button" variant="outline" size="sm" onClick={() => input.current?.click()} data-testid="attach-file">
        <Paperclip aria-hidden />
        {shown ? t("replace") : t("attach")}
      </Button>
    </div>
  );
}

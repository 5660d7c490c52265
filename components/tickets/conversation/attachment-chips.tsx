"use client";

import { FileText, Film, ImageIcon, Music, X } from "lucide-react";
import { useTranslations } from "next-intl";

const iconOf = (type: string) => (type.startsWith("image/") ? ImageIcon : type.startsWith("video/") ? Film : type.startsWith("audio/") ? Music : FileText);

const sizeOf = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** The files picked for the next message, each removable before sending. */
export function AttachmentChips({ files, onRemove }: { files: File[]; onRemove: (index: number) => void }) {
  const t = useTranslations("tickets.conversation");
  return (
    <ul className="flex flex-wrap gap-2 px-3 pt-2" aria-label={t("attachments")} data-testid="attachments">
      {files.map((f, i) => {
        const Icon = iconOf(f.type);
        return (
          <li key={`${f.name}-${f.size}-${i}`} className="flex max-w-60 items-center gap-2 rounded-lg border bg-background py-1 pr-1 pl-2 text-xs shadow-xs">
            <Icon className="size-4 shrink-0 text-primary" aria-hidden />
            <span className="min-w-0 truncate font-medium" title={f.name}>
              {f.name}
            </span>
            <span className="shrink-0 text-muted-foreground">{sizeOf(f.size)}</span>
            <button
              type="button"
              onClick={() => onRemove(i)}
              className="rounded-full p-0.5 text-muted-foreground hover:bg-muted hover:text-foreground"
              aria-label={t("removeAttachment", { name: f.name })}
            >
              <X className="size-3.5" aria-hidden />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

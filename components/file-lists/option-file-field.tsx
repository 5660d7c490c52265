"use client";

import { FileText, Paperclip, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRef } from "react";
import { Button } from "@/components/ui/button";

type Props = {
  index: number;
  /** the stored file's name ("" none, or removed) */
  current: string;
  picked: File | null;
  onPick: (file: File | null) => void;
  onRemoveCurrent: () => void;
};

/** An option's optional file: the stored or picked file's name, a picker, and a remove button. */
export function OptionFileField({ index, current, picked, onPick, onRemoveCurrent }: Props) {
  const t = useTranslations("fileLists.dialog");
  const input = useRef<HTMLInputElement>(null);
  const shown = picked?.name ?? current;
  return (
    <div className="flex min-w-0 items-center gap-2">
      <input
        ref={input}
        type="file"
        className="hidden"
        onChange={(e) => {
          onPick(e.target.files?.[0] ?? null);
          e.target.value = "";
        }}
        data-testid={`option-file-input-${index}`}
      />
      <Button type="button" variant="outline" size="sm" onClick={() => input.current?.click()} data-testid={`option-file-pick-${index}`}>
        <Paperclip aria-hidden />
        {shown ? t("replaceFile") : t("pickFile")}
      </Button>
      {shown ? (
        <span className="flex min-w-0 items-center gap-1.5 rounded-md bg-muted/60 px-2 py-1 text-sm" data-testid={`option-file-name-${index}`}>
          <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="truncate">{shown}</span>
          <button
            type="button"
            className="shrink-0 rounded text-muted-foreground hover:text-destructive"
            aria-label={t("removeFile")}
            onClick={() => (picked ? onPick(null) : onRemoveCurrent())}
            data-testid={`option-file-remove-${index}`}
          >
            <X className="size-4" aria-hidden />
          </button>
        </span>
      ) : (
        <span className="text-sm text-muted-foreground">{t("noFile")}</span>
      )}
    </div>
  );
}

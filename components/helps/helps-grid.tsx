"use client";

import { LifeBuoy } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { PageHeader } from "@/components/shell/page-header";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { HelpVideo } from "@/lib/helps/list-helps";
import { youtubeCode, youtubeEmbed } from "@/lib/helps/youtube";
import { HelpCard } from "./help-card";

// kept after closing, so the dialog does not change its text while it fades out
type Playing = { help: HelpVideo; code: string; open: boolean } | null;

/** The help page (admin §2.5): a grid of video cards, the count in the title, a video modal (Escape closes). */
export function HelpsGrid({ helps }: { helps: HelpVideo[] }) {
  const t = useTranslations("helps");
  const common = useTranslations("common");
  const [playing, setPlaying] = useState<Playing>(null);
  const contentRef = useRef<HTMLDivElement>(null);

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title={t("title", { count: helps.length })} />
      {helps.length === 0 ? (
        <div className="flex flex-col items-center justify-center rounded-xl border border-dashed bg-card px-6 py-20 text-center" data-testid="helps-empty">
          <LifeBuoy className="mb-4 size-10 text-muted-foreground" aria-hidden />
          <p className="text-lg font-medium">{t("emptyTitle")}</p>
          <p className="mt-1 max-w-md text-sm text-muted-foreground">{t("emptyText")}</p>
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" data-testid="helps-grid">
          {helps.map((help) => {
            const code = youtubeCode(help.video);
            return (
              <HelpCard
                key={help.id}
                help={help}
                code={code}
                noVideoLabel={t("noVideo")}
                onOpen={() => code && setPlaying({ help, code, open: true })}
              />
            );
          })}
        </div>
      )}

      <Dialog open={Boolean(playing?.open)} onOpenChange={(o) => !o && setPlaying((p) => p && { ...p, open: false })}>
        <DialogContent
          ref={contentRef}
          // focus stays on the dialog, not inside the player, so Escape closes it (spec)
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            contentRef.current?.focus();
          }}
          className="gap-3 p-4 sm:max-w-4xl sm:p-5"
          closeLabel={common("close")}
          data-testid="help-video-dialog"
        >
          <DialogHeader>
            <DialogTitle>{playing?.help.title}</DialogTitle>
            <DialogDescription className={playing?.help.description ? undefined : "sr-only"}>
              {playing?.help.description || t("videoDescription")}
            </DialogDescription>
          </DialogHeader>
          <div className="aspect-video w-full overflow-hidden rounded-lg bg-black">
            {playing?.open && (
              <iframe
                src={youtubeEmbed(playing.code)}
                title={playing.help.title}
                className="size-full"
                allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
                allowFullScreen
                referrerPolicy="strict-origin-when-cross-origin"
                data-testid="help-video-frame"
              />
            )}
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}

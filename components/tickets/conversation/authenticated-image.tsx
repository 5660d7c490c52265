"use client";

import { ImageOff, Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";
import { cn } from "@/lib/utils";

type State = { url: string; objectUrl: string | null; failed: boolean };

/**
 * An image behind the authenticated media URL: fetched with the session cookie into an object URL
 * (revoked when the bubble goes away); a click opens it full size.
 */
export function AuthenticatedImage({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const t = useTranslations("tickets.conversation");
  const common = useTranslations("common");
  const [state, setState] = useState<State>({ url: src, objectUrl: null, failed: false });
  const [zoomed, setZoomed] = useState(false);
  const current = state.url === src ? state : { url: src, objectUrl: null, failed: false };

  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    fetch(src, { credentials: "same-origin" })
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(String(res.status)))))
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        if (live) setState({ url: src, objectUrl, failed: false });
        else URL.revokeObjectURL(objectUrl);
      })
      .catch(() => live && setState({ url: src, objectUrl: null, failed: true }));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src]);

  if (current.failed) {
    return (
      <div className={cn("flex h-32 w-56 max-w-full items-center justify-center gap-2 rounded-lg bg-muted text-xs text-muted-foreground", className)}>
        <ImageOff className="size-4" aria-hidden />
        {t("mediaUnavailable")}
      </div>
    );
  }
  if (!current.objectUrl) {
    return (
      <div className={cn("flex h-48 w-64 max-w-full items-center justify-center rounded-lg bg-muted", className)} role="status">
        <Loader2 className="size-5 animate-spin text-muted-foreground" aria-hidden />
        <span className="sr-only">{common("loading")}</span>
      </div>
    );
  }
  return (
    <>
      <button type="button" onClick={() => setZoomed(true)} className="block cursor-zoom-in overflow-hidden rounded-lg" aria-label={t("openImage")}>
        {/* an object URL: next/image cannot optimise it */}
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img src={current.objectUrl} alt={alt} className={cn("max-h-80 w-auto max-w-full object-contain sm:max-w-72", className)} data-testid="message-image" />
      </button>
      <Dialog open={zoomed} onOpenChange={setZoomed}>
        <DialogContent className="w-auto max-w-[calc(100vw-2rem)] border-none bg-transparent p-0 shadow-none sm:max-w-[90vw]" closeLabel={common("close")}>
          <DialogTitle className="sr-only">{alt || t("openImage")}</DialogTitle>
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={current.objectUrl} alt={alt} className="max-h-[85dvh] max-w-full rounded-lg object-contain" />
        </DialogContent>
      </Dialog>
    </>
  );
}

"use client";

import { PlayCircle, Video } from "lucide-react";
import { useCallback, useState } from "react";
import { cn } from "@/lib/utils";
import { youtubeThumbnail } from "@/lib/helps/youtube";
import type { HelpVideo } from "@/lib/helps/list-helps";

type Props = { help: HelpVideo; code: string | null; onOpen: () => void; noVideoLabel: string };

/** One help video: its YouTube thumbnail (a drawn placeholder when it cannot load), title and description. */
export function HelpCard({ help, code, onOpen, noVideoLabel }: Props) {
  const [image, setImage] = useState<"loading" | "loaded" | "failed">("loading");
  // the server-rendered img may finish (or fail) before React listens: read its state on mount
  const checkImage = useCallback((el: HTMLImageElement | null) => {
    if (el?.complete) setImage(el.naturalWidth > 0 ? "loaded" : "failed");
  }, []);
  return (
    <button
      type="button"
      onClick={onOpen}
      disabled={!code}
      className="group flex h-full flex-col overflow-hidden rounded-xl border bg-card text-left shadow-xs transition-[box-shadow,border-color] outline-none hover:border-primary/40 hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-70"
      data-testid={`help-card-${help.id}`}
    >
      <div className="relative aspect-video w-full overflow-hidden bg-gradient-to-br from-muted to-accent">
        {code && image !== "failed" && (
          // a plain img on purpose: the thumbnail host is outside our control and may be unreachable
          // eslint-disable-next-line @next/next/no-img-element
          <img
            ref={checkImage}
            src={youtubeThumbnail(code)}
            alt=""
            loading="lazy"
            referrerPolicy="no-referrer"
            onLoad={() => setImage("loaded")}
            onError={() => setImage("failed")}
            className={cn(
              "size-full object-cover transition-[opacity,transform] duration-300 group-hover:scale-[1.03]",
              image === "loaded" ? "opacity-100" : "opacity-0",
            )}
            data-testid="help-thumbnail"
          />
        )}
        {!code && (
          <div className="flex size-full flex-col items-center justify-center gap-2 text-muted-foreground" data-testid="help-placeholder">
            <Video className="size-10" aria-hidden />
            <span className="text-xs">{noVideoLabel}</span>
          </div>
        )}
        {code && (
          <span
            className={cn(
              "absolute inset-0 flex items-center justify-center transition-colors",
              image === "loaded" ? "bg-black/0 group-hover:bg-black/25" : "text-primary/70 group-hover:text-primary",
            )}
            aria-hidden
          >
            <PlayCircle
              className={cn("size-14 transition-transform group-hover:scale-110", image === "loaded" && "text-white opacity-90 drop-shadow-lg")}
              strokeWidth={1.5}
            />
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h2 className="line-clamp-2 font-semibold leading-snug" data-testid="help-title">
          {help.title}
        </h2>
        {help.description && <p className="line-clamp-3 text-sm text-muted-foreground">{help.description}</p>}
      </div>
    </button>
  );
}

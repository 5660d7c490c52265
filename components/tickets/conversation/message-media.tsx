"use client";

import { Download, FileText, MapPin, UserRound } from "lucide-react";
import { useTranslations } from "next-intl";
import { AuthenticatedImage } from "./authenticated-image";
import type { ConversationMessage } from "./conversation-types";
import { fileNameOf, parseLocation, parseVcard } from "./media-parse";
import { MessageBody } from "./message-body";

/** Media types whose body is a caption shown under the media. */
export const CAPTIONED = new Set(["image", "video", "application", "document", "sticker"]);

export type MediaMessage = Pick<ConversationMessage, "body" | "mediaType"> & { mediaUrl?: string | null };

/** Whether MessageMedia draws anything: a location or contact card (from the body), else a stored file. */
export const hasMediaPart = (m: MediaMessage) => m.mediaType === "locationMessage" || m.mediaType === "vcard" || (!!m.mediaType && !!m.mediaUrl);

/** The media part of a bubble (spec core §2): image, audio, video, location, contact card, file. */
export function MessageMedia({ message }: { message: MediaMessage }) {
  const t = useTranslations("tickets.conversation");
  const { mediaType, mediaUrl, body } = message;

  if (mediaType === "locationMessage") {
    const loc = parseLocation(body);
    return (
      <div className="w-64 max-w-full overflow-hidden rounded-lg border bg-background/50" data-testid="message-location">
        {loc.image && (
          // a thumbnail data URL carried in the body
          // eslint-disable-next-line @next/next/no-img-element
          <img src={loc.image} alt="" className="h-32 w-full object-cover" />
        )}
        <div className="space-y-1 p-2 text-sm">
          {loc.description && <MessageBody body={loc.description} />}
          {loc.link && (
            <a href={loc.link} target="_blank" rel="noopener noreferrer" className="flex items-center gap-1.5 font-medium text-sky-700 hover:underline dark:text-sky-400">
              <MapPin className="size-4" aria-hidden />
              {t("openMap")}
            </a>
          )}
        </div>
      </div>
    );
  }

  if (mediaType === "vcard") {
    const card = parseVcard(body);
    return (
      <div className="flex w-60 max-w-full items-center gap-3 rounded-lg border bg-background/50 p-2.5" data-testid="message-vcard">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
          <UserRound className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 text-sm">
          <div className="truncate font-medium">{card.name || t("contactCard")}</div>
          {card.numbers.map((n) => (
            <div key={n} className="truncate text-xs text-muted-foreground">
              {n}
            </div>
          ))}
        </div>
      </div>
    );
  }

  if (!mediaUrl) return null;

  if (mediaType === "image" || mediaType === "sticker") {
    return <AuthenticatedImage src={mediaUrl} alt={body || t("image")} className={mediaType === "sticker" ? "max-h-40 bg-transparent" : undefined} />;
  }
  if (mediaType === "audio") {
    return <audio controls preload="metadata" src={mediaUrl} className="h-10 w-64 max-w-full" data-testid="message-audio" />;
  }
  if (mediaType === "video") {
    return <video controls preload="metadata" src={mediaUrl} className="max-h-80 w-72 max-w-full rounded-lg bg-black" data-testid="message-video" />;
  }
  const name = fileNameOf(mediaUrl);
  return (
    <a
      href={mediaUrl}
      download={name}
      className="flex w-64 max-w-full items-center gap-3 rounded-lg border bg-background/50 p-2.5 text-sm transition-colors hover:bg-background/80"
      data-testid="message-file"
    >
      <FileText className="size-8 shrink-0 text-primary" aria-hidden />
      <span className="min-w-0 flex-1 truncate font-medium">{name || t("file")}</span>
      <Download className="size-4 shrink-0 text-muted-foreground" aria-label={t("download")} />
    </a>
  );
}

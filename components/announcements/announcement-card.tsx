"use client";

import { format } from "date-fns";
import { useLocale, useTranslations } from "next-intl";
import { dateLocaleOf } from "@/components/schedules/date-locales";
import { cn } from "@/lib/utils";
import { priorityStyle, type AnnouncementRow } from "./announcement-types";

/** One announcement in the top bar's popover: a left border in the priority's colour, title, date, text and image. */
export function AnnouncementCard({ row, isNew }: { row: AnnouncementRow; isNew: boolean }) {
  const t = useTranslations("announcements.popover");
  const locale = useLocale();
  const when = format(new Date(row.createdAt), "Pp", { locale: dateLocaleOf(locale) });
  return (
    <article
      className={cn("space-y-1.5 rounded-md border border-l-4 bg-card px-3 py-2.5", priorityStyle(row.priority).border)}
      data-testid={`announcement-item-${row.id}`}
      data-priority={row.priority}
    >
      <header className="flex items-start gap-2">
        <h3 className="min-w-0 flex-1 text-sm leading-snug font-semibold break-words">{row.title}</h3>
        {isNew && (
          <span className="mt-0.5 shrink-0 rounded-full bg-primary px-1.5 py-px text-[10px] leading-4 font-semibold text-primary-foreground uppercase">
            {t("newBadge")}
          </span>
        )}
      </header>
      <time dateTime={row.createdAt} className="block text-xs text-muted-foreground tabular-nums">
        {when}
      </time>
      <p className="text-sm break-words whitespace-pre-line text-foreground/90">{row.text}</p>
      {row.mediaUrl && (
        <a href={row.mediaUrl} target="_blank" rel="noreferrer" title={t("openImage")} className="block overflow-hidden rounded-md border" data-testid="announcement-image-link">
          {/* eslint-disable-next-line @next/next/no-img-element -- an authenticated media URL */}
          <img src={row.mediaUrl} alt={t("imageAlt", { title: row.title })} loading="lazy" className="max-h-56 w-full bg-muted object-contain" />
        </a>
      )}
    </article>
  );
}

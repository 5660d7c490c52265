"use client";

import { Loader2, Megaphone } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { useViewer } from "@/components/shell/viewer-context";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { AnnouncementCard } from "./announcement-card";
import { useAnnouncementFeed } from "./use-announcement-feed";
import { useSeenMark } from "./use-seen-mark";

const THRESHOLD_PX = 100; // spec admin §2.1: the next page loads within 100 px of the bottom

/**
 * The top bar's announcements popover (core §2, §3; issue 16 §2): a megaphone with a badge of the
 * announcements newer than the last ones this user saw here; the active announcements newest first,
 * each bordered in its priority's colour, live for every signed-in user of every company.
 */
export function AnnouncementsPopover() {
  const t = useTranslations("announcements.popover");
  const viewer = useViewer();
  const feed = useAnnouncementFeed();
  const [seen, setSeen] = useSeenMark(viewer.id);
  const [open, setOpen] = useState(false);
  // what counted as new when the popover opened: marked in the list while it stays open
  const [openedWith, setOpenedWith] = useState(0);
  const newest = feed.items.reduce((m, r) => Math.max(m, r.id), 0);
  const unseen = seen === null ? 0 : feed.items.filter((r) => r.id > seen).length;
  const label = unseen ? t("openNew", { count: unseen }) : t("open");

  // seen while open: what arrives then is seen too
  useEffect(() => {
    if (open && newest) setSeen(newest);
  }, [open, newest, setSeen]);

  return (
    <Popover
      open={open}
      onOpenChange={(o) => {
        if (o) setOpenedWith(seen ?? 0);
        setOpen(o);
      }}
    >
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={label} title={label} data-testid="announcements-button">
          <Megaphone className="size-5" />
          {unseen > 0 && (
            <span
              className="absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive-fill px-1 text-[10px] leading-none font-semibold text-destructive-foreground tabular-nums"
              data-testid="announcements-count"
            >
              {unseen > 9 ? "9+" : unseen}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="flex max-h-[min(36rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col p-0" data-testid="announcements-popover">
        <div className="flex items-center gap-2 border-b px-4 py-3">
          <Megaphone className="size-4 text-muted-foreground" aria-hidden />
          <p className="text-sm font-semibold">{t("open")}</p>
        </div>
        <FeedList feed={feed} newerThan={openedWith} />
      </PopoverContent>
    </Popover>
  );
}

function FeedList({ feed, newerThan }: { feed: ReturnType<typeof useAnnouncementFeed>; newerThan: number }) {
  const t = useTranslations("announcements.popover");
  const common = useTranslations("common");
  const box = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const more = feed.hasMore && !feed.loading;
  const loadMore = useRef(feed.loadMore);
  useEffect(() => {
    loadMore.current = feed.loadMore;
  });
  useEffect(() => {
    if (!more || !box.current || !end.current) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMore.current(), {
      root: box.current,
      rootMargin: `0px 0px ${THRESHOLD_PX}px 0px`,
    });
    io.observe(end.current);
    return () => io.disconnect();
  }, [more]);

  return (
    <div ref={box} className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-3" data-testid="announcements-list">
      {feed.items.length === 0 && !feed.loading && (
        <p className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm text-muted-foreground" data-testid="announcements-empty">
          <Megaphone className="size-6 opacity-60" aria-hidden />
          {t("empty")}
        </p>
      )}
      <ul className="space-y-2.5">
        {feed.items.map((row) => (
          <li key={row.id}>
            <AnnouncementCard row={row} isNew={row.id > newerThan} />
          </li>
        ))}
      </ul>
      {feed.loading && (
        <div className="flex justify-center py-3" role="status">
          <Loader2 className="size-5 animate-spin text-muted-foreground" aria-label={common("loading")} />
        </div>
      )}
      <div ref={end} aria-hidden className="h-px" />
    </div>
  );
}

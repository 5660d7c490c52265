"use client";

import { useTranslations } from "next-intl";
import { cn } from "@/lib/utils";
import { priorityStyle } from "./announcement-types";

/** The priority's label with its colour (1 red, 2 orange, 3 grey). */
export function PriorityBadge({ priority, className }: { priority: number; className?: string }) {
  const t = useTranslations("announcements.priorities");
  return (
    <span className={cn("inline-flex items-center gap-1.5 text-sm", className)} data-testid="announcement-priority" data-priority={priority}>
      <span className={cn("size-2.5 shrink-0 rounded-full", priorityStyle(priority).dot)} aria-hidden />
      {t(String(priority) as "1")}
    </span>
  );
}

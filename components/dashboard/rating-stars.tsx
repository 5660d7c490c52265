"use client";

import { Star } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";

const LEVELS = ["1", "2", "3"] as const;

/**
 * An average rating on the spec's 1..3 scale (1 unsatisfied, 2 satisfied, 3 very satisfied) as
 * three stars filled to the average, the number and the nearest level's name; "—" when none.
 */
export function RatingStars({ value }: { value: number | null }) {
  const t = useTranslations("dashboard.attendants");
  const locale = useLocale();
  if (value === null) return <span className="text-muted-foreground">{t("noRating")}</span>;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
  const level = LEVELS[Math.min(2, Math.max(0, Math.round(value) - 1))];
  return (
    <span className="inline-flex items-center gap-2" aria-label={t("ratingValue", { value: number })}>
      <span className="inline-flex" aria-hidden>
        {[0, 1, 2].map((i) => {
          const fill = Math.max(0, Math.min(1, value - i));
          return (
            <span key={i} className="relative size-4">
              <Star className="absolute inset-0 size-4 text-muted-foreground/40" />
              <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Star className="size-4 fill-warning text-warning" />
              </span>
            </span>
          );
        })}
      </span>
      <span className="tabular-nums">{number}</span>
      <span className="hidden text-xs text-muted-foreground lg:inline">{t(`levels.${level}`)}</span>
    </span>
  );
}

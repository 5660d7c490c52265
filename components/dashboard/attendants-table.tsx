"use client";

import { useLocale, useTranslations } from "next-intl";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Attendant } from "@/lib/dashboard/attendants";
import { cn } from "@/lib/utils";
import { formatDuration } from "./format";
import { RatingStars } from "./rating-stars";
import { useOnlineUserIds } from "./use-online-users";

/**
 * The attendants of the period (spec core §2 Dashboard): name, rating, average support time and
 * whether they are online, kept live from the presence channel (the API's answer until it speaks).
 */
export function AttendantsTable({ companyId, attendants, loading }: { companyId: number; attendants: Attendant[]; loading: boolean }) {
  const t = useTranslations("dashboard.attendants");
  const locale = useLocale();
  const live = useOnlineUserIds(companyId);
  return (
    <section className={cn("rounded-xl border bg-card shadow-xs", loading && "opacity-60 transition-opacity")}>
      <h2 className="border-b px-4 py-3 font-semibold">{t("title")}</h2>
      <Table data-testid="attendants-table">
        <TableHeader>
          <TableRow>
            <TableHead className="pl-4">{t("name")}</TableHead>
            <TableHead>{t("rating")}</TableHead>
            <TableHead>{t("avgSupportTime")}</TableHead>
            <TableHead className="pr-4">{t("status")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {attendants.length === 0 && (
            <TableRow>
              <TableCell colSpan={4} className="py-8 text-center text-muted-foreground">
                {t("empty")}
              </TableCell>
            </TableRow>
          )}
          {attendants.map((a) => {
            const online = live ? live.has(a.id) : a.online;
            return (
              <TableRow key={a.id} data-testid={`attendant-${a.id}`}>
                <TableCell className="pl-4 font-medium">{a.name}</TableCell>
                <TableCell>
                  <RatingStars value={a.rating} />
                </TableCell>
                <TableCell className="tabular-nums">{formatDuration(a.avgSupportTime, locale)}</TableCell>
                <TableCell className="pr-4">
                  <span className="inline-flex items-center gap-2" data-testid={`attendant-${a.id}-status`} data-online={online}>
                    <span className={cn("size-2.5 rounded-full", online ? "bg-success" : "bg-muted-foreground/30")} aria-hidden />
                    {online ? t("online") : t("offline")}
                  </span>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </section>
  );
}

"use client";

import { RefreshCw } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";

export type Delivery = {
  id: number;
  event: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  statusCode: number | null;
  error: string | null;
  createdAt: string;
};

const VARIANT = { delivered: "success", pending: "warning", failed: "destructive" } as const;

/** The connection's last 50 webhook deliveries (newest first): when, what, how it went. */
export function WebhookDeliveries({ deliveries, onRefresh }: { deliveries: Delivery[] | null; onRefresh: () => void }) {
  const t = useTranslations("webhooks");
  const locale = useLocale();
  const when = (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: "short", timeStyle: "medium" });
  return (
    <div className="space-y-2" data-testid="webhook-deliveries">
      <div className="flex items-center justify-between">
        <span className="text-sm font-medium">{t("deliveries")}</span>
        <Button type="button" variant="ghost" size="sm" onClick={onRefresh} data-testid="webhook-refresh">
          <RefreshCw aria-hidden />
          {t("refresh")}
        </Button>
      </div>
      {deliveries?.length ? (
        <div className="max-h-56 overflow-y-auto rounded-md border">
          <table className="w-full text-sm">
            <thead className="sticky top-0 bg-muted text-left text-xs text-muted-foreground">
              <tr>
                <th className="px-2 py-1.5 font-medium">{t("columns.time")}</th>
                <th className="px-2 py-1.5 font-medium">{t("columns.event")}</th>
                <th className="px-2 py-1.5 font-medium">{t("columns.status")}</th>
                <th className="px-2 py-1.5 text-right font-medium">{t("columns.code")}</th>
                <th className="px-2 py-1.5 text-right font-medium">{t("columns.attempts")}</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((d) => (
                <tr key={d.id} className="border-t" title={d.error ?? undefined}>
                  <td className="px-2 py-1.5 whitespace-nowrap tabular-nums">{when(d.createdAt)}</td>
                  <td className="px-2 py-1.5 font-mono text-xs">{d.event}</td>
                  <td className="px-2 py-1.5">
                    <Badge variant={VARIANT[d.status]}>{t(`status.${d.status}`)}</Badge>
                  </td>
                  <td className="px-2 py-1.5 text-right tabular-nums">{d.statusCode ?? "—"}</td>
                  <td className="px-2 py-1.5 text-right tabular-nums">{d.attempts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{deliveries ? t("noDeliveries") : "…"}</p>
      )}
    </div>
  );
}

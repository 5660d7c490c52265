"use client";

import { Loader2, QrCode, SmartphoneNfc, Unplug, Wifi, WifiOff, type LucideIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { cn } from "@/lib/utils";

// icon, its colour and a tinted disc behind it
const ICONS: Record<string, { icon: LucideIcon; className: string; disc: string }> = {
  CONNECTED: { icon: Wifi, className: "text-success", disc: "bg-success/12" },
  qrcode: { icon: QrCode, className: "text-info", disc: "bg-info/12" },
  PAIRING: { icon: SmartphoneNfc, className: "text-warning-foreground dark:text-warning", disc: "bg-warning/25" },
  TIMEOUT: { icon: Unplug, className: "text-warning-foreground dark:text-warning", disc: "bg-warning/25" },
  DISCONNECTED: { icon: WifiOff, className: "text-destructive", disc: "bg-destructive/12" },
  OPENING: { icon: Loader2, className: "animate-spin text-muted-foreground", disc: "bg-muted" },
};

/** The status column: an icon per status with a tooltip saying what it means and what to do. */
export function ConnectionStatusIcon({ status, testId = "connection-status" }: { status: string; testId?: string }) {
  const t = useTranslations("connections.status");
  const { icon: Icon, className, disc } = ICONS[status] ?? ICONS.DISCONNECTED;
  const key = status in ICONS ? status : "DISCONNECTED";
  const hint = t.has(`${key}.hint`) ? t(`${key}.hint`) : null;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span
          // an icon named by its status: a label needs a role (axe aria-prohibited-attr)
          role="img"
          tabIndex={0}
          className={cn("inline-flex size-8 items-center justify-center rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring", disc)}
          data-testid={testId}
          data-status={status}
          aria-label={t(`${key}.title`)}
        >
          <Icon className={cn("size-4", className)} aria-hidden />
        </span>
      </TooltipTrigger>
      <TooltipContent side="right" className="max-w-64 text-left">
        <p className="font-semibold">{t(`${key}.title`)}</p>
        {hint && <p className="mt-1 opacity-90">{hint}</p>}
      </TooltipContent>
    </Tooltip>
  );
}

"use client";

import { Loader2, Power, QrCode, RefreshCw, RotateCcw } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { sessionActions, type SessionAction } from "@/lib/connections/statuses";

type Props = {
  status: string;
  /** a session request of this row is on its way */
  busy: boolean;
  onAction: (action: Exclude<SessionAction, "connecting">) => void;
  /** the copy shown inside the name cell on narrow screens (its own test ids) */
  compact?: boolean;
};

/** The session column: the buttons admin §2.2 gives each status. */
export function SessionButtons({ status, busy, onAction, compact = false }: Props) {
  const t = useTranslations("connections.buttons");
  const id = (name: string) => (compact ? `${name}-compact` : name);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {sessionActions(status).map((action) => {
        switch (action) {
          case "showQr":
            return (
              <Button key={action} size="sm" onClick={() => onAction(action)} data-testid={id("session-qr")}>
                <QrCode aria-hidden />
                {t("qrcode")}
              </Button>
            );
          case "retry":
            return (
              <Button key={action} size="sm" variant="outline" disabled={busy} onClick={() => onAction(action)} data-testid={id("session-retry")}>
                <RotateCcw aria-hidden />
                {t("tryAgain")}
              </Button>
            );
          case "newQr":
            return (
              <Button key={action} size="sm" variant="outline" disabled={busy} onClick={() => onAction(action)} data-testid={id("session-new-qr")}>
                <RefreshCw aria-hidden />
                {t("newQr")}
              </Button>
            );
          case "disconnect":
            return (
              <Button
                key={action}
                size="sm"
                variant="outline"
                disabled={busy}
                onClick={() => onAction(action)}
                className="text-destructive hover:text-destructive"
                data-testid={id("session-disconnect")}
              >
                <Power aria-hidden />
                {t("disconnect")}
              </Button>
            );
          case "connecting":
            return (
              <Button key={action} size="sm" variant="outline" disabled data-testid={id("session-connecting")}>
                <Loader2 className="animate-spin" aria-hidden />
                {t("connecting")}
              </Button>
            );
        }
      })}
    </div>
  );
}

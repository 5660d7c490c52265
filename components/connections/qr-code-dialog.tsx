"use client";

import { ExternalLink, Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { QRCodeSVG } from "qrcode.react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { ConnectionRow } from "./connection-types";
import { PairingCodeForm } from "./pairing-code-form";

const QR_SIZE = 256; // spec admin §2.2: the code is shown at size 256

type Props = { connection: ConnectionRow | null; onOpenChange: (open: boolean) => void };

/**
 * The pairing QR code with instructions, and beside it pairing by phone number (a code to type on
 * the phone). The row it shows is kept live by the page (session events), so a new code replaces the
 * old one; the page closes it when the QR code goes empty.
 */
export function QrCodeDialog({ connection, onOpenChange }: Props) {
  const t = useTranslations("connections.qr");
  const common = useTranslations("common");
  const steps = ["step1", "step2", "step3", "step4"] as const;
  return (
    <Dialog open={Boolean(connection)} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl" closeLabel={common("close")} data-testid="qr-dialog">
        <DialogHeader>
          <DialogTitle>{t("title")}</DialogTitle>
          <DialogDescription>{connection?.name}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col-reverse items-center gap-6 sm:flex-row sm:items-start">
          <div className="flex-1 space-y-3 text-sm">
            <p className="font-medium">{t("intro")}</p>
            <ol className="list-decimal space-y-2 pl-5 text-muted-foreground">
              {steps.map((s) => (
                <li key={s}>{t(s)}</li>
              ))}
            </ol>
            {connection?.provider === "sandbox" && (
              <Button asChild variant="outline" size="sm" className="mt-2">
                <a href={`/sandbox/${connection.id}`} target="_blank" rel="noreferrer" data-testid="open-sandbox-phone">
                  <ExternalLink aria-hidden />
                  {t("openSandbox")}
                </a>
              </Button>
            )}
            {/* issue 33 §8: a code to type on the phone instead of scanning (Baileys only) */}
            {connection?.provider === "beta" && <PairingCodeForm key={connection.id} connection={connection} />}
          </div>
          <div
            className="flex size-[280px] shrink-0 items-center justify-center rounded-lg border bg-white p-3"
            data-testid="qr-code"
            data-qrcode={connection?.qrcode ?? ""}
          >
            {connection?.qrcode ? (
              <QRCodeSVG value={connection.qrcode} size={QR_SIZE} level="L" title={t("title")} />
            ) : (
              <span className="flex items-center gap-2 text-sm text-neutral-500">
                <Loader2 className="size-4 animate-spin" aria-hidden />
                {t("waiting")}
              </span>
            )}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

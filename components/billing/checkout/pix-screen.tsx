"use client";

import { Copy, FlaskConical, Loader2 } from "lucide-react";
import Image from "next/image";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { formatBRL } from "@/lib/plans/money";
import type { PixCharge } from "../billing-types";

const QR_SIZE = 256; // spec admin §9

type SandboxPaid = { invoiceId: number; status: "paid"; dueDate: string };

/**
 * The Pix payment screen (spec admin §2.6): the QR image, the copy-paste code and the amount. It
 * waits for the payment event; in the demo the sandbox button pays the charge.
 */
export function PixScreen({ charge, onPaid }: { charge: PixCharge; onPaid: (dueDate: string | null) => void }) {
  const t = useTranslations("billing.pix");
  const errorMessage = useErrorMessage();
  const codeRef = useRef<HTMLTextAreaElement>(null);
  const [paying, setPaying] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(charge.qrcode.qrcode);
    } catch {
      // no clipboard (an insecure origin): select the code so the person copies it themself
      codeRef.current?.select();
      document.execCommand?.("copy");
    }
    toast({ variant: "success", title: t("copied") });
  };

  const paySandbox = async () => {
    setPaying(true);
    try {
      const paid = await api<SandboxPaid>(`/api/sandbox/payments/${encodeURIComponent(charge.txid)}/pay`, { method: "POST" });
      onPaid(paid.dueDate);
    } catch (err) {
      toast({ variant: "error", title: errorMessage(err) });
      setPaying(false);
    }
  };

  return (
    <div className="grid gap-6 sm:grid-cols-[auto_1fr] sm:items-center" data-testid="checkout-pix">
      <div className="mx-auto rounded-xl border bg-white p-3">
        <Image
          src={charge.qrcode.imagemQrcode}
          alt={t("qrAlt")}
          width={QR_SIZE}
          height={QR_SIZE}
          unoptimized
          className="size-48 sm:size-56"
          data-testid="pix-qr"
        />
      </div>
      <div className="min-w-0 space-y-4">
        <div>
          <p className="text-sm text-muted-foreground">{t("amount")}</p>
          <p className="text-3xl font-semibold tracking-tight" data-testid="pix-amount">
            {formatBRL(charge.valor.original)}
          </p>
        </div>
        <p className="text-sm text-muted-foreground">{t("hint")}</p>
        <div className="space-y-2">
          <label htmlFor="pix-code" className="text-sm font-medium">
            {t("code")}
          </label>
          <textarea
            id="pix-code"
            ref={codeRef}
            readOnly
            rows={3}
            value={charge.qrcode.qrcode}
            onFocus={(e) => e.currentTarget.select()}
            className="w-full resize-none rounded-md border border-input bg-muted/40 px-3 py-2 font-mono text-xs break-all outline-none focus-visible:ring-2 focus-visible:ring-ring/50"
            data-testid="pix-code"
          />
          <Button type="button" variant="outline" className="w-full" onClick={copy} data-testid="pix-copy">
            <Copy aria-hidden />
            {t("copy")}
          </Button>
        </div>
        <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="pix-waiting">
          <Loader2 className="size-4 animate-spin" aria-hidden />
          {t("waiting")}
        </p>
        {charge.sandbox && (
          <div className="space-y-2 rounded-lg border border-dashed border-info/50 bg-info/5 p-3">
            <p className="text-xs text-muted-foreground">{t("sandboxHint")}</p>
            <Button type="button" onClick={paySandbox} disabled={paying} className="w-full" data-testid="pix-sandbox-pay">
              {paying ? <Loader2 className="animate-spin" aria-hidden /> : <FlaskConical aria-hidden />}
              {t("sandboxPay")}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}

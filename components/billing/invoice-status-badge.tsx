"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import type { InvoiceDisplayStatus } from "@/lib/subscription/invoice-status";

const VARIANT = { paid: "success", overdue: "destructive", open: "warning" } as const;

/** Pago / Vencido / Em Aberto (spec admin §4 "Invoice display"). */
export function InvoiceStatusBadge({ status }: { status: InvoiceDisplayStatus }) {
  const t = useTranslations("billing.status");
  return (
    <Badge variant={VARIANT[status]} data-testid="invoice-status" data-status={status}>
      {t(status)}
    </Badge>
  );
}

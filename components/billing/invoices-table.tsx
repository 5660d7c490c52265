"use client";

import { ReceiptText, Wallet } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ListScreen } from "@/components/lists/list-screen";
import { ListTable } from "@/components/lists/list-table";
import { usePagedList } from "@/components/lists/use-paged-list";
import { useRealtimeCatchUp, useRealtimeEvent } from "@/components/realtime/use-realtime";
import { Button } from "@/components/ui/button";
import { TableCell, TableRow } from "@/components/ui/table";
import { formatDayBr, todayIn } from "@/lib/dates/today";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { invoiceDisplayStatus, isPayable } from "@/lib/subscription/invoice-status";
import { formatBRL } from "@/lib/plans/money";
import { cn } from "@/lib/utils";
import type { CheckoutPlan, CheckoutTarget, InvoiceRow, PaymentEvent } from "./billing-types";
import { CheckoutDialog } from "./checkout/checkout-dialog";
import { InvoiceStatusBadge } from "./invoice-status-badge";

type Props = {
  companyId: number;
  /** the company's timezone: an invoice is overdue from the day after its due date there */
  timezone: string;
  currentPlan: CheckoutPlan;
  initial?: { items: InvoiceRow[]; hasMore: boolean };
};

/** /financeiro (spec admin §2.6 "Faturas"): the invoices, Pay opening the checkout, live on payments. */
export function InvoicesTable({ companyId, timezone, currentPlan, initial }: Props) {
  const t = useTranslations("billing");
  const list = usePagedList<InvoiceRow>({ url: "/api/invoices/all", key: "invoices", initial });
  const [checkout, setCheckout] = useState<{ key: number; target: CheckoutTarget } | null>(null);
  const today = todayIn(timezone);

  useRealtimeEvent<PaymentEvent>(channels.admins(companyId), EVENTS.payment, (e) => {
    list.upsert({ id: e.invoiceId, status: "paid" });
    list.catchUp(); // paidAt and anything else the payment changed
  });
  useRealtimeCatchUp([channels.admins(companyId)], list.catchUp, { serverData: Boolean(initial) });

  const pay = (row: InvoiceRow) => setCheckout((c) => ({ key: (c?.key ?? 0) + 1, target: { invoiceId: row.id, planId: row.planId, value: row.value } }));

  return (
    <ListScreen
      title={t("invoices.title")}
      search={{ value: list.search, onChange: list.setSearch, label: t("invoices.search"), testId: "invoices-search" }}
      paging={list}
    >
      <ListTable
        testId="invoices-table"
        columns={[
          { label: t("invoices.id"), className: "w-20 pl-4" },
          { label: t("invoices.detail") },
          { label: t("invoices.value"), className: "text-right" },
          { label: t("invoices.dueDate"), className: "text-center" },
          { label: t("invoices.status"), className: "text-center" },
          { label: t("invoices.action"), className: "w-32 pr-4 text-right" },
        ]}
        rows={list.items}
        loading={list.loading}
        empty={list.search.trim() ? t("invoices.noResults") : t("invoices.empty")}
        emptyIcon={ReceiptText}
        renderRow={(row) => {
          const status = invoiceDisplayStatus(row, today);
          return (
            <TableRow
              key={row.id}
              className={cn(status === "overdue" && "bg-destructive/8 hover:bg-destructive/12")}
              data-testid={`invoice-row-${row.id}`}
              data-status={status}
            >
              <TableCell className="pl-4 text-muted-foreground tabular-nums">{row.id}</TableCell>
              <TableCell className="max-w-[24rem] truncate" title={row.detail}>
                {row.detail}
              </TableCell>
              <TableCell className="text-right font-medium tabular-nums" data-testid="invoice-value">
                {formatBRL(row.value)}
              </TableCell>
              <TableCell className="text-center tabular-nums" data-testid="invoice-due-date">
                {formatDayBr(row.dueDate)}
              </TableCell>
              <TableCell className="text-center">
                <InvoiceStatusBadge status={status} />
              </TableCell>
              <TableCell className="pr-4 text-right">
                {isPayable(row) ? (
                  <Button size="sm" variant={status === "overdue" ? "destructive" : "default"} onClick={() => pay(row)} data-testid="invoice-pay">
                    <Wallet aria-hidden />
                    {t("invoices.pay")}
                  </Button>
                ) : (
                  <span className="pr-2 text-xs font-semibold tracking-wider text-success" data-testid="invoice-paid">
                    {t("invoices.paidLabel")}
                  </span>
                )}
              </TableCell>
            </TableRow>
          );
        }}
      />
      {checkout && (
        <CheckoutDialog key={checkout.key} companyId={companyId} target={checkout.target} currentPlan={currentPlan} onClose={() => setCheckout(null)} />
      )}
    </ListScreen>
  );
}

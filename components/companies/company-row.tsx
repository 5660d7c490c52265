"use client";

import { CalendarPlus, Crown, Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { RowActions } from "@/components/lists/row-action";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TableCell, TableRow } from "@/components/ui/table";
import { dueTint, type DueTint } from "@/lib/companies/due-tint";
import { cn } from "@/lib/utils";
import type { CompanyRow as Company } from "./company-types";
import { DueDateCell, daysLeft } from "./due-date-cell";

// spec admin §2.4: the row tint by days to the due date
const TINT: Record<Exclude<DueTint, null>, string> = {
  yellow: "bg-yellow-100/80 hover:bg-yellow-100 dark:bg-yellow-500/15 dark:hover:bg-yellow-500/20",
  orange: "bg-orange-100/80 hover:bg-orange-100 dark:bg-orange-500/15 dark:hover:bg-orange-500/20",
  red: "bg-red-100/80 hover:bg-red-100 dark:bg-red-500/15 dark:hover:bg-red-500/20",
};

type Props = {
  company: Company;
  renewing: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onRenew: () => void;
};

/** One company of the Companies tab: name and email, plan, status, due date, renew / edit / delete. */
export function CompanyRowView({ company: c, renewing, onEdit, onDelete, onRenew }: Props) {
  const t = useTranslations("companies");
  const tint = dueTint(daysLeft(c));
  return (
    <TableRow className={cn(tint && TINT[tint])} data-testid={`company-row-${c.id}`} data-tint={tint ?? "none"}>
      <TableCell className="pl-4">
        <div className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium">{c.name}</span>
          {c.isOwner && (
            <Badge variant="secondary" data-testid="company-owner">
              <Crown aria-hidden />
              {t("owner")}
            </Badge>
          )}
        </div>
        <div className="truncate text-xs text-muted-foreground">{c.email}</div>
      </TableCell>
      <TableCell className="hidden md:table-cell">
        <div className="truncate">{c.plan.name}</div>
        <div className="text-xs text-muted-foreground">{t(`recurrences.${c.recurrence as "MENSAL"}`)}</div>
      </TableCell>
      <TableCell className="hidden sm:table-cell">
        <Badge variant={c.status ? "success" : "destructive"} data-testid="company-status">
          {c.status ? t("status.active") : t("status.inactive")}
        </Badge>
      </TableCell>
      <TableCell>
        <DueDateCell company={c} />
      </TableCell>
      <TableCell className="pr-4">
        <div className="flex items-center justify-end gap-1">
          {!c.isOwner && (
            <Button variant="outline" size="sm" onClick={onRenew} disabled={renewing} title={t("buttons.renewHint")} data-testid="renew-company">
              {renewing ? <Loader2 className="animate-spin" aria-hidden /> : <CalendarPlus aria-hidden />}
              {t("buttons.renew")}
            </Button>
          )}
          <RowActions
            className="flex"
            edit={{ label: t("buttons.edit"), testId: "edit-company", onClick: onEdit }}
            remove={c.isOwner ? undefined : { label: t("buttons.delete"), testId: "delete-company", onClick: onDelete }}
          />
        </div>
      </TableCell>
    </TableRow>
  );
}

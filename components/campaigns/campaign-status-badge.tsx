"use client";

import { Hourglass } from "lucide-react";
import { useTranslations } from "next-intl";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { CAMPAIGN_STATUSES, type CampaignStatus } from "@/lib/campaigns/editability";

const VARIANT: Record<CampaignStatus, BadgeProps["variant"]> = {
  INATIVA: "outline",
  PROGRAMADA: "secondary",
  EM_ANDAMENTO: "warning",
  CANCELADA: "destructive",
  FINALIZADA: "success",
};

/** admin §4: Inativa, Programada, Em Andamento, Cancelada, Finalizada. */
export function CampaignStatusBadge({ status }: { status: string }) {
  const t = useTranslations("campaigns.status");
  const known = (CAMPAIGN_STATUSES as readonly string[]).includes(status) ? (status as CampaignStatus) : null;
  return (
    <Badge variant={known ? VARIANT[known] : "outline"} data-testid="campaign-status">
      {known ? t(known) : status}
    </Badge>
  );
}

/**
 * Beside the status: recipients asked to confirm who have not answered yet. A campaign reads
 * Finalizada once every request went out, yet each answer still sends its message (issue 34 §2.3).
 */
export function AwaitingConfirmation({ count, testId }: { count: number; testId: string }) {
  const t = useTranslations("campaigns");
  if (count <= 0) return null;
  return (
    <span className="inline-flex items-center gap-1 text-xs leading-tight text-muted-foreground" data-testid={testId}>
      <Hourglass className="size-3.5 shrink-0" aria-hidden />
      {t("awaitingConfirmation", { count })}
    </span>
  );
}

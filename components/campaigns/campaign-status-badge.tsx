"use client";

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

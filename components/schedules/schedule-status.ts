import { AlertTriangle, CheckCheck, Clock3, Loader2, type LucideIcon } from "lucide-react";
import type { ScheduleStatus } from "@/lib/schedules/schemas";

/** How each status looks: its label key (schedules.status.*), the calendar colour class and icon. */
export const STATUS_STYLE: Record<ScheduleStatus, { key: string; tone: string; badge: string; icon: LucideIcon }> = {
  PENDENTE: { key: "pending", tone: "schedule-tone-pending", badge: "bg-info/12 text-info border-info/25", icon: Clock3 },
  ENVIANDO: { key: "sending", tone: "schedule-tone-pending", badge: "bg-info/12 text-info border-info/25", icon: Loader2 },
  ENVIADA: { key: "sent", tone: "schedule-tone-sent", badge: "bg-success/12 text-success border-success/25", icon: CheckCheck },
  ERRO: { key: "error", tone: "schedule-tone-error", badge: "bg-destructive/12 text-destructive border-destructive/25", icon: AlertTriangle },
};

export const styleOf = (status: string) => STATUS_STYLE[(status in STATUS_STYLE ? status : "PENDENTE") as ScheduleStatus];

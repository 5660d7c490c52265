/** admin.md §4: the campaign statuses, in the order they usually come. */
export const CAMPAIGN_STATUSES = ["INATIVA", "PROGRAMADA", "EM_ANDAMENTO", "CANCELADA", "FINALIZADA"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** admin.md §4, §9: a PROGRAMADA campaign stays editable while it is more than 1 hour away. */
export const EDIT_LEAD_MS = 60 * 60 * 1000;

type Editable = { status: string; scheduledAt: Date | string | null };

/**
 * spec admin §4: editable when INATIVA, CANCELADA, or PROGRAMADA with its time more than 1 hour
 * ahead; otherwise read-only (the dialog's read-only title, and 409 from PUT and media-upload).
 * The server and the dialog use this one rule.
 */
export function isCampaignEditable(c: Editable, now: Date = new Date()): boolean {
  if (c.status === "INATIVA" || c.status === "CANCELADA") return true;
  if (c.status !== "PROGRAMADA" || !c.scheduledAt) return false;
  return new Date(c.scheduledAt).getTime() - now.getTime() > EDIT_LEAD_MS;
}

/**
 * The status a save leaves: with a time it is PROGRAMADA (a time already past starts as soon as the
 * dispatcher looks); without one INATIVA (never sent), except that a CANCELADA campaign stays
 * CANCELADA, so its restart keeps its meaning.
 */
export function statusOnSave(scheduledAt: Date | null, current?: string): CampaignStatus {
  if (scheduledAt) return "PROGRAMADA";
  return current === "CANCELADA" ? "CANCELADA" : "INATIVA";
}

/** spec admin §2.7: stop is offered while running, restart once cancelled; delete never while running. */
export const canStopCampaign = (status: string) => status === "EM_ANDAMENTO";
export const canRestartCampaign = (status: string) => status === "CANCELADA";
export const canDeleteCampaign = (status: string) => status !== "EM_ANDAMENTO";

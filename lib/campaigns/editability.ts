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
 * dispatcher looks); without one INATIVA (never sent). A CANCELADA campaign stays CANCELADA whatever
 * its time (spec admin §4: it "can still be edited and saved"): only restart moves it on, and
 * restart recomputes its pending recipients' due times. Scheduled, the dispatcher would start it
 * over recipients already fixed and left without a due time, stuck EM_ANDAMENTO (issue 34 §2.1).
 */
export function statusOnSave(scheduledAt: Date | null, current?: string): CampaignStatus {
  if (current === "CANCELADA") return "CANCELADA";
  return scheduledAt ? "PROGRAMADA" : "INATIVA";
}

/** spec admin §2.7: stop is offered while running, restart once cancelled; delete never while running. */
export const canStopCampaign = (status: string) => status === "EM_ANDAMENTO";
export const canRestartCampaign = (status: string) => status === "CANCELADA";
export const canDeleteCampaign = (status: string) => status !== "EM_ANDAMENTO";

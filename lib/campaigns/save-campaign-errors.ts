import { AppError } from "@/lib/api/errors";
import type { CampaignIssue } from "./schemas";

/** spec admin §4: a campaign running, finished, or due within the hour is read-only. */
export const notEditable = () => new AppError("ERR_CAMPAIGN_NOT_EDITABLE", 409);

/** A running campaign is cancelled before it is deleted. */
export const stillRunning = () => new AppError("ERR_CAMPAIGN_RUNNING", 409);

/** The API's validation answer for the rules across fields (the same issues the form shows). */
export const invalidCampaign = (issues: CampaignIssue[]) => new AppError("ERR_VALIDATION", 400, { issues });

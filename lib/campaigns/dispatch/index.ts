// The campaign dispatcher (issue 15 §4): what the Inngest functions, the embedded scheduler, the
// worker and the routes call.
export { startDueCampaigns, type StartOptions } from "./start-due";
export { dispatchDue, nextDue, type DispatchOptions } from "./dispatch-due";
export { cancelCampaign } from "./cancel-campaign";
export { restartCampaign } from "./restart-campaign";
export { finishIfDone, finishStalled, publishProgress, progressOf, PROGRESS_THROTTLE_MS } from "./progress";
export { campaignReport, type CampaignReport } from "./report";
export { campaignClock, dueAt, dueOffsetSeconds, effectiveSpacing, isPaced, PACED_MIN_SECONDS } from "./spacing";
export { respaceAfterOutage, wakeRespaced } from "./respace-after-outage";

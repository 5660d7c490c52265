import { describe, expect, it } from "vitest";
import { applyCampaignEvent, progressPercent, toReportCampaign, type ReportCampaign } from "@/components/campaigns/report/report-state";

const report = { total: 3, valid: 3, invalid: 0, delivered: 1, confirmationRequested: 0, confirmed: 0, failed: 0 };
const row = {
  id: 4,
  name: "Black Friday",
  status: "EM_ANDAMENTO",
  confirmation: false,
  scheduledAt: new Date("2026-11-25T12:00:00Z"),
  completedAt: null,
  whatsapp: { id: 1, name: "Sandbox" },
  contactList: null,
};
const campaign: ReportCampaign = toReportCampaign(row, report);

describe("the report's state", () => {
  it("a CampaignRow becomes what the page shows (dates as ISO strings, names or null)", () => {
    expect(campaign).toEqual({
      id: 4,
      name: "Black Friday",
      status: "EM_ANDAMENTO",
      confirmation: false,
      scheduledAt: "2026-11-25T12:00:00.000Z",
      completedAt: null,
      whatsappName: "Sandbox",
      contactListName: null,
      report,
    });
  });

  it("a progress event of this campaign brings its status, completion and figures", () => {
    const done = { ...report, delivered: 3 };
    const next = applyCampaignEvent(campaign, { action: "progress", campaignId: 4, status: "FINALIZADA", completedAt: "2026-11-25T12:01:00.000Z", report: done });
    expect(next).toEqual({ ...campaign, status: "FINALIZADA", completedAt: "2026-11-25T12:01:00.000Z", report: done });
  });

  it("another campaign's events change nothing", () => {
    expect(applyCampaignEvent(campaign, { action: "progress", campaignId: 5, status: "FINALIZADA", completedAt: null, report })).toBe(campaign);
    expect(applyCampaignEvent(campaign, { action: "update", record: { ...row, id: 5 } })).toBe(campaign);
    expect(applyCampaignEvent(campaign, { action: "delete", id: 5 })).toBe(campaign);
  });

  it("an edit keeps the figures; a delete of this campaign says so", () => {
    const edited = applyCampaignEvent(campaign, { action: "update", record: { ...row, name: "Natal", contactList: { name: "Clientes" } } });
    expect(edited).toMatchObject({ name: "Natal", contactListName: "Clientes", report });
    expect(applyCampaignEvent(campaign, { action: "delete", id: 4 })).toBe("deleted");
  });

  it("progress is delivered of valid, in whole percent", () => {
    expect(progressPercent(report)).toBe(33);
    expect(progressPercent({ ...report, delivered: 3 })).toBe(100);
    expect(progressPercent({ ...report, valid: 0, delivered: 0 })).toBe(0);
  });
});

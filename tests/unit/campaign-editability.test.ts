import { describe, expect, it } from "vitest";
import { canDeleteCampaign, canRestartCampaign, canStopCampaign, EDIT_LEAD_MS, isCampaignEditable, statusOnSave } from "@/lib/campaigns/editability";

const now = new Date("2026-11-25T12:00:00Z");
const at = (ms: number) => new Date(now.getTime() + ms);

describe("campaign editability (admin §4)", () => {
  it("INATIVA and CANCELADA are editable whatever their time", () => {
    expect(isCampaignEditable({ status: "INATIVA", scheduledAt: null }, now)).toBe(true);
    expect(isCampaignEditable({ status: "CANCELADA", scheduledAt: at(-5 * 60_000) }, now)).toBe(true);
  });

  it("PROGRAMADA is editable only more than 1 hour ahead", () => {
    expect(isCampaignEditable({ status: "PROGRAMADA", scheduledAt: at(EDIT_LEAD_MS + 1000) }, now)).toBe(true);
    expect(isCampaignEditable({ status: "PROGRAMADA", scheduledAt: at(EDIT_LEAD_MS).toISOString() }, now)).toBe(false);
    expect(isCampaignEditable({ status: "PROGRAMADA", scheduledAt: at(30 * 60_000) }, now)).toBe(false);
    expect(isCampaignEditable({ status: "PROGRAMADA", scheduledAt: at(-1000) }, now)).toBe(false);
    expect(isCampaignEditable({ status: "PROGRAMADA", scheduledAt: null }, now)).toBe(false);
  });

  it("running and finished campaigns are read-only", () => {
    expect(isCampaignEditable({ status: "EM_ANDAMENTO", scheduledAt: at(2 * EDIT_LEAD_MS) }, now)).toBe(false);
    expect(isCampaignEditable({ status: "FINALIZADA", scheduledAt: null }, now)).toBe(false);
  });

  it("a save's status follows the time; CANCELADA stays CANCELADA, with a time or without (only restart moves it)", () => {
    expect(statusOnSave(at(1000))).toBe("PROGRAMADA");
    expect(statusOnSave(at(-1000), "INATIVA")).toBe("PROGRAMADA");
    expect(statusOnSave(null)).toBe("INATIVA");
    expect(statusOnSave(null, "PROGRAMADA")).toBe("INATIVA");
    expect(statusOnSave(null, "CANCELADA")).toBe("CANCELADA");
    expect(statusOnSave(at(1000), "CANCELADA")).toBe("CANCELADA");
    expect(statusOnSave(at(-1000), "CANCELADA")).toBe("CANCELADA");
  });

  it("offers stop while running, restart once cancelled, delete unless running", () => {
    expect(["INATIVA", "PROGRAMADA", "EM_ANDAMENTO", "CANCELADA", "FINALIZADA"].map((s) => [canStopCampaign(s), canRestartCampaign(s), canDeleteCampaign(s)])).toEqual([
      [false, false, true],
      [false, false, true],
      [true, false, false],
      [false, true, true],
      [false, false, true],
    ]);
  });
});

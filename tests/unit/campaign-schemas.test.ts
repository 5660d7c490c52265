import { describe, expect, it } from "vitest";
import { parseScheduledAt } from "@/lib/campaigns/scheduled-at";
import { campaignIssues, campaignSchema, updateCampaignSchema } from "@/lib/campaigns/schemas";

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join(".")}:${i.message}`) ?? [];

describe("campaign schema", () => {
  it("fills the defaults of a minimal campaign", () => {
    expect(campaignSchema.parse({ name: " Black Friday ", message1: " Olá {nome} " })).toEqual({
      name: "Black Friday",
      message1: "Olá {nome}",
      message2: "",
      message3: "",
      message4: "",
      message5: "",
      confirmationMessage1: "",
      confirmationMessage2: "",
      confirmationMessage3: "",
      confirmationMessage4: "",
      confirmationMessage5: "",
      confirmation: false,
      scheduledAt: null,
      whatsappId: null,
      contactListId: null,
      tagListId: null,
      fileListId: null,
    });
  });

  it("name is required, 2 to 50 (admin §5)", () => {
    expect(issues(campaignSchema.safeParse({ message1: "x" }))).toEqual(["name:required"]);
    expect(issues(campaignSchema.safeParse({ name: "  ", message1: "x" }))).toEqual(["name:required"]);
    expect(issues(campaignSchema.safeParse({ name: "a", message1: "x" }))).toEqual(["name:tooShort"]);
    expect(issues(campaignSchema.safeParse({ name: "a".repeat(51), message1: "x" }))).toEqual(["name:tooLong"]);
    // the form shows every rule at once: a missing name does not hide the missing message
    expect(issues(campaignSchema.safeParse({ name: "", message1: "" }))).toEqual(["name:required", "message1:messageRequired"]);
  });

  it("needs message1; the confirmation switch needs its first message", () => {
    expect(issues(campaignSchema.safeParse({ name: "Nome", message2: "only the second" }))).toEqual(["message1:messageRequired"]);
    expect(issues(campaignSchema.safeParse({ name: "Nome", message1: "x", confirmation: true }))).toEqual(["confirmationMessage1:confirmationRequired"]);
    expect(campaignSchema.safeParse({ name: "Nome", message1: "x", confirmation: "true", confirmationMessage1: "Confirma?" }).success).toBe(true);
  });

  it("a scheduled campaign needs a connection and a contact list or a tag", () => {
    const base = { name: "Nome", message1: "x", scheduledAt: "2030-01-01T10:00" };
    expect(issues(campaignSchema.safeParse(base))).toEqual(["whatsappId:connectionRequired", "contactListId:recipientsRequired"]);
    expect(campaignSchema.safeParse({ ...base, whatsappId: 1, tagListId: "2" }).success).toBe(true);
    expect(campaignSchema.safeParse({ ...base, whatsappId: "1", contactListId: 3 }).success).toBe(true);
    // without a time nothing more is needed
    expect(campaignSchema.safeParse({ name: "Nome", message1: "x", scheduledAt: "", whatsappId: "" }).data).toMatchObject({ scheduledAt: null, whatsappId: null });
  });

  it("takes date-time text with or without a zone, and refuses anything else", () => {
    const ok = (v: string) => updateCampaignSchema.safeParse({ scheduledAt: v }).success;
    expect(["2030-01-01T10:00", "2030-01-01 10:00:30", "2030-01-01T10:00:00.123Z", "2030-01-01T10:00-03:00", "2030-01-01T10:00:00+0100"].every(ok)).toBe(true);
    expect(["amanhã", "2030-02-30T10:00", "2030-01-01", "0000-01-01T00:00", "2030-01-01T25:00", "1700000000000"].some(ok)).toBe(false);
    expect(issues(updateCampaignSchema.safeParse({ scheduledAt: "x" }))).toEqual(["scheduledAt:dateTimeFormat"]);
  });

  it("refuses ids that are not ids", () => {
    expect(issues(updateCampaignSchema.safeParse({ whatsappId: "1e3" }))).toEqual(["whatsappId:invalidId"]);
    expect(issues(updateCampaignSchema.safeParse({ fileListId: -1 }))).toEqual(["fileListId:invalidId"]);
  });

  it("an update checks only what is sent; campaignIssues checks the campaign as it will be", () => {
    expect(updateCampaignSchema.parse({ message1: "" })).toEqual({ message1: "" });
    expect(campaignIssues({ message1: "", confirmation: false, confirmationMessage1: "", scheduledAt: null, whatsappId: null, contactListId: null, tagListId: null })).toEqual([
      { path: "message1", message: "messageRequired" },
    ]);
  });
});

describe("parseScheduledAt", () => {
  it("reads a zone-less time in the company's timezone", () => {
    expect(parseScheduledAt("2030-01-01T10:00", "America/Sao_Paulo").toISOString()).toBe("2030-01-01T13:00:00.000Z");
    expect(parseScheduledAt("2030-07-01 10:00:30", "Europe/Lisbon").toISOString()).toBe("2030-07-01T09:00:30.000Z");
  });

  it("keeps the instant of a time with a zone", () => {
    expect(parseScheduledAt("2030-01-01T10:00:00Z", "America/Sao_Paulo").toISOString()).toBe("2030-01-01T10:00:00.000Z");
    expect(parseScheduledAt("2030-01-01T10:00-05:00", "America/Sao_Paulo").toISOString()).toBe("2030-01-01T15:00:00.000Z");
  });
});

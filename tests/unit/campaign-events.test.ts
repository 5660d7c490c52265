import { describe, expect, it } from "vitest";
import type { CampaignRow } from "@/lib/campaigns/campaign-view";
import { campaignEventRecord } from "@/lib/campaigns/publish-campaign";
import { MAX_PAYLOAD_BYTES } from "@/lib/realtime/publish";

const long = "😀".repeat(4000);
const row = {
  id: 1, companyId: 2, name: "N", status: "INATIVA", confirmation: true, scheduledAt: null, completedAt: null,
  whatsappId: null, contactListId: null, tagListId: null, fileListId: null, mediaPath: null, mediaName: null, mediaUrl: null,
  createdAt: new Date(), updatedAt: new Date(), awaitingConfirmation: 0, whatsapp: null, contactList: null,
  message1: long, message2: long, message3: long, message4: long, message5: long,
  confirmationMessage1: long, confirmationMessage2: long, confirmationMessage3: long, confirmationMessage4: long, confirmationMessage5: long,
} satisfies CampaignRow;

describe("campaign events", () => {
  it("carry every text clipped, so a campaign of five long variants still fits Pusher's 10 KB", () => {
    const record = campaignEventRecord(row);
    expect(record.message1.length).toBeLessThanOrEqual(121);
    expect(record.message1.startsWith("😀")).toBe(true);
    expect(record.confirmationMessage5.endsWith("…")).toBe(true);
    expect(Buffer.byteLength(JSON.stringify({ action: "update", record }))).toBeLessThan(MAX_PAYLOAD_BYTES);
    expect(record).toMatchObject({ id: 1, name: "N", confirmation: true });
  });
});

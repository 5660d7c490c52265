import { describe, expect, it } from "vitest";
import { quickMessageEvents } from "@/lib/quick-messages/publish-quick-message";
import type { QuickMessageView } from "@/lib/quick-messages/quick-message-view";
import { channels } from "@/lib/realtime/channels";

const view = (over: Partial<QuickMessageView> = {}): QuickMessageView => ({
  id: 7,
  shortcode: "oi",
  message: "Olá",
  mediaPath: null,
  mediaName: null,
  mediaUrl: null,
  isMedia: false,
  geral: false,
  status: true,
  userId: 3,
  companyId: 1,
  updatedAt: new Date(0),
  ...over,
});

describe("quickMessage events", () => {
  it("keep a personal message on its owner's channel and a shared one on the company's", () => {
    expect(quickMessageEvents(1, "create", view()).map((e) => e.channels)).toEqual([[channels.user(1, 3)]]);
    expect(quickMessageEvents(1, "create", view({ geral: true })).map((e) => e.channels)).toEqual([[channels.company(1)]]);
    expect(quickMessageEvents(1, "delete", view())).toEqual([{ channels: [channels.user(1, 3)], event: "quickMessage", data: { action: "delete", id: 7 } }]);
  });

  it("tell everyone else to drop a shared message made personal", () => {
    const events = quickMessageEvents(1, "update", view(), { id: 7, geral: true, userId: 3 });
    expect(events[1]).toEqual({ channels: [channels.company(1)], event: "quickMessage", data: { action: "delete", id: 7, exceptUserId: 3 } });
  });

  it("shorten long texts so the event stays small", () => {
    const [e] = quickMessageEvents(1, "update", view({ message: "x".repeat(4096) }));
    expect((e.data as { record: { message: string } }).record.message.length).toBeLessThanOrEqual(1001);
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";

const events = vi.hoisted(() => ({ sendBotTurnCreated: vi.fn(async () => {}) }));
vi.mock("@/lib/jobs/bot-turn-events", () => events);

const { announceBotTurn, onBotTurn } = await import("@/lib/bots/runner/announce");

afterEach(() => {
  delete process.env.INNGEST_DEV;
  events.sendBotTurnCreated.mockClear();
});

describe("announceBotTurn", () => {
  it("wakes this process's runner at once, and tells Inngest only when it is configured", async () => {
    const woken: unknown[] = [];
    const off = onBotTurn((ref) => woken.push(ref));
    announceBotTurn({ companyId: 1, ticketId: 2 });
    expect(woken).toEqual([{ companyId: 1, ticketId: 2 }]);
    await new Promise((r) => setTimeout(r, 10));
    expect(events.sendBotTurnCreated).not.toHaveBeenCalled();
    process.env.INNGEST_DEV = "1";
    announceBotTurn({ companyId: 1, ticketId: 3 });
    await vi.waitFor(() => expect(events.sendBotTurnCreated).toHaveBeenCalledWith({ companyId: 1, ticketId: 3 }));
    off();
    announceBotTurn({ companyId: 1, ticketId: 4 });
    expect(woken).toHaveLength(2);
  });

  it("a failing runner wake never fails the ingest that announced", () => {
    const off = onBotTurn(() => {
      throw new Error("boom");
    });
    const err = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => announceBotTurn({ companyId: 1, ticketId: 5 })).not.toThrow();
    err.mockRestore();
    off();
  });
});

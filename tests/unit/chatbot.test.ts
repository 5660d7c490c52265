import { afterEach, describe, expect, it } from "vitest";
import { getBotProvider, registerBotProvider, unregisterBotProviders } from "@/lib/bots/registry";
import { matchOption, optionLines, type BotOption } from "@/lib/chatbot/options";
import { joinParts, menuLine } from "@/lib/chatbot/texts";
import { isWithinWorkHours, localWeekdayTime } from "@/lib/chatbot/work-hours";

const day = (weekdayEn: string, startTime: string, endTime: string) => ({ weekdayEn, startTime, endTime });
// Wednesday 2025-01-08, São Paulo (UTC-3)
const sp = (hhmm: string) => new Date(`2025-01-08T${hhmm}:00-03:00`);
const SP = "America/Sao_Paulo";

describe("isWithinWorkHours", () => {
  it("an empty (or missing) list is always open", () => {
    expect(isWithinWorkHours([], sp("03:00"), SP)).toBe(true);
    expect(isWithinWorkHours(null, sp("03:00"), SP)).toBe(true);
  });

  it("opens from start to end, both included, to the minute", () => {
    const week = [day("wednesday", "08:00", "18:00")];
    expect(isWithinWorkHours(week, sp("07:59"), SP)).toBe(false);
    expect(isWithinWorkHours(week, sp("08:00"), SP)).toBe(true);
    expect(isWithinWorkHours(week, sp("18:00"), SP)).toBe(true);
    expect(isWithinWorkHours(week, new Date("2025-01-08T18:00:59-03:00"), SP)).toBe(true);
    expect(isWithinWorkHours(week, sp("18:01"), SP)).toBe(false);
  });

  it("a weekday missing from a non-empty list, 00:00-00:00 and unreadable times are closed; blank times are open", () => {
    expect(isWithinWorkHours([day("monday", "08:00", "18:00")], sp("12:00"), SP)).toBe(false);
    expect(isWithinWorkHours([day("wednesday", "00:00", "00:00")], sp("00:00"), SP)).toBe(false);
    expect(isWithinWorkHours([day("wednesday", "8h", "18:00")], sp("12:00"), SP)).toBe(false);
    expect(isWithinWorkHours([day("wednesday", "18:00", "08:00")], sp("20:00"), SP)).toBe(false);
    expect(isWithinWorkHours([day("wednesday", "", "")], sp("03:00"), SP)).toBe(true);
  });

  it("judges in the given timezone (an unknown one falls back to São Paulo)", () => {
    const at = new Date("2025-01-08T22:30:00Z"); // Wednesday 19:30 in São Paulo, Thursday 07:30 in Tokyo
    expect(localWeekdayTime(at, "Asia/Tokyo")).toEqual({ weekdayEn: "thursday", time: "07:30" });
    expect(localWeekdayTime(at, "Not/AZone")).toEqual({ weekdayEn: "wednesday", time: "19:30" });
    const week = [day("wednesday", "08:00", "20:00"), day("thursday", "08:00", "20:00")];
    expect(isWithinWorkHours(week, at, SP)).toBe(true);
    expect(isWithinWorkHours(week, at, "Asia/Tokyo")).toBe(false);
  });
});

describe("option levels", () => {
  const opt = (id: number, option: string, title: string): BotOption => ({ id, parentId: null, queueId: 1, option, title, message: "" });
  const level = [opt(1, "1", "Financeiro"), opt(2, "2", "Técnico"), opt(3, "10", "Outros")];

  it("lists numbered lines", () => {
    expect(optionLines(level)).toBe("*[ 1 ]* - Financeiro\n*[ 2 ]* - Técnico\n*[ 10 ]* - Outros");
    expect(optionLines([opt(9, "", "Sem número")])).toBe("*[ 1 ]* - Sem número");
  });

  it("matches the typed number, trimmed, with leading zeros; nothing else", () => {
    expect(matchOption(level, " 2 ")?.id).toBe(2);
    expect(matchOption(level, "010")?.id).toBe(3);
    expect(matchOption(level, "0")).toBeNull();
    expect(matchOption(level, "#")).toBeNull();
    expect(matchOption(level, "Técnico")).toBeNull();
    expect(matchOption(level, "")).toBeNull();
  });
});

describe("texts", () => {
  it("formats menu lines and joins non-blank parts with a blank line", () => {
    expect(menuLine("3", "Vendas")).toBe("*[ 3 ]* - Vendas");
    expect(joinParts(" Olá ", "", null, "a\nb", undefined)).toBe("Olá\n\na\nb");
  });
});

describe("bot provider registry", () => {
  afterEach(() => unregisterBotProviders());

  it("has no provider until one is registered, per integration type or for prompts", async () => {
    const hook = { kind: "integration" as const, integrationId: 1, type: "webhook" as const };
    expect(getBotProvider(hook)).toBeNull();
    expect(getBotProvider({ kind: "prompt", promptId: 1 })).toBeNull();
    const p = { turn: async () => [{ type: "text" as const, body: "ok" }] };
    registerBotProvider("webhook", p);
    expect(getBotProvider(hook)).toBe(p);
    expect(getBotProvider({ ...hook, type: "typebot" })).toBeNull();
    registerBotProvider("openai", p);
    expect(getBotProvider({ kind: "prompt", promptId: 2 })).toBe(p);
    unregisterBotProviders("webhook");
    expect(getBotProvider(hook)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { fillMessageVariables, greetingFor, protocolFor } from "@/lib/messages/message-variables";

// local times: the variables use the agent's clock, as the browser has it
const at = (h: number, m = 0, s = 0) => new Date(2024, 2, 5, h, m, s);

describe("fillMessageVariables", () => {
  it("fills the name variables", () => {
    const ctx = { contactName: "  Maria  da Silva ", ticketId: 42, now: at(9) };
    expect(fillMessageVariables("Olá {{firstName}}!", ctx)).toBe("Olá Maria!");
    expect(fillMessageVariables("Cliente: {{name}}", ctx)).toBe("Cliente: Maria  da Silva");
    expect(fillMessageVariables("{{ firstname }} / {{NAME}}", ctx)).toBe("Maria / Maria  da Silva");
  });

  it("fills the greeting, protocol and time", () => {
    const ctx = { contactName: "Ana", ticketId: 7, now: at(14, 5, 9) };
    expect(fillMessageVariables("{{ms}}, {{firstName}}. Protocolo {{protocol}} às {{hora}}", ctx)).toBe(
      "Boa tarde, Ana. Protocolo 202403051405097 às 14:05:09",
    );
  });

  it("leaves unknown variables and plain text alone, and fills every occurrence", () => {
    const ctx = { contactName: "Ana", ticketId: 1, now: at(8) };
    expect(fillMessageVariables("{{unknown}} {x} {{name}}{{name}}", ctx)).toBe("{{unknown}} {x} AnaAna");
    expect(fillMessageVariables("sem variáveis", ctx)).toBe("sem variáveis");
  });

  it("uses the greetings it is given", () => {
    const greetings = { morning: "Good morning", afternoon: "Good afternoon", night: "Good evening" };
    expect(fillMessageVariables("{{ms}}", { contactName: "A", ticketId: 1, now: at(20), greetings })).toBe("Good evening");
  });
});

describe("greetingFor", () => {
  it("changes at 05:00, 12:00 and 18:00", () => {
    expect(greetingFor(at(4, 59))).toBe("Boa noite");
    expect(greetingFor(at(5))).toBe("Bom dia");
    expect(greetingFor(at(11, 59))).toBe("Bom dia");
    expect(greetingFor(at(12))).toBe("Boa tarde");
    expect(greetingFor(at(17, 59))).toBe("Boa tarde");
    expect(greetingFor(at(18))).toBe("Boa noite");
    expect(greetingFor(at(0))).toBe("Boa noite");
  });
});

describe("protocolFor", () => {
  it("is yyyyMMddHHmmss followed by the ticket id, zero-padded", () => {
    expect(protocolFor(new Date(2025, 0, 2, 3, 4, 5), 123)).toBe("20250102030405123");
  });
});

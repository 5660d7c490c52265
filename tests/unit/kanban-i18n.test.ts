import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import pt from "@/messages/pt.json";

const keys = (o: object, prefix = ""): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === "object" ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe("kanban translations", () => {
  it("pt, en and es have the same keys", () => {
    expect(keys(en.kanban).sort()).toEqual(keys(pt.kanban).sort());
    expect(keys(es.kanban).sort()).toEqual(keys(pt.kanban).sort());
  });

  it("pt uses the spec's wordings (admin §2.8, §8)", () => {
    expect(pt.kanban.toasts).toEqual({ removed: "Ticket Tag Removido!", added: "Ticket Tag Adicionado com Sucesso!" });
    expect(pt.kanban.openLane).toBe("Em aberto");
    expect(pt.kanban.viewTicket).toBe("Ver Ticket");
  });
});

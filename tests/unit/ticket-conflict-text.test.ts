import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import pt from "@/messages/pt.json";

// Issue 34 §1.6: a conflict toast never prints "-" for a ticket with no queue.
describe("the other-open-ticket conflict text", () => {
  const catalogues = { pt, en, es };
  for (const [locale, messages] of Object.entries(catalogues)) {
    const t = createTranslator({ locale, messages, namespace: "tickets.actions" });
    it(`names the queue when there is one and ends after the agent when there is none (${locale})`, () => {
      expect(t("otherOpenTicket", { user: "Ana", queue: "Vendas" })).toContain("Vendas");
      const none = t("otherOpenTicket", { user: "Ana", queue: "none" });
      expect(none).toMatch(/Ana\.$/);
      expect(none).not.toContain("-");
    });
  }
  it("keeps the spec's Portuguese wording", () => {
    const t = createTranslator({ locale: "pt", messages: pt, namespace: "tickets.actions" });
    expect(t("otherOpenTicket", { user: "Ana", queue: "Vendas" })).toBe("Já existe um atendimento aberto para este contato com Ana na fila Vendas.");
  });
});

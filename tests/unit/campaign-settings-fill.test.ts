import { describe, expect, it } from "vitest";
import { fillCampaignMessage, pickVariant } from "@/lib/campaign-settings/fill-message";

const contact = { name: "Maria", email: "maria@x.com", number: "5511999990000" };

describe("fillCampaignMessage", () => {
  it("fills the built-in variables, every occurrence", () => {
    expect(fillCampaignMessage("Olá {nome} ({email}) {numero}, {nome}!", contact, [])).toBe(
      "Olá Maria (maria@x.com) 5511999990000, Maria!",
    );
  });

  it("fills custom variables, case-sensitive, and leaves unknown ones as typed", () => {
    const vars = [
      { key: "loja", value: "Centro" },
      { key: "Cupom", value: "ABC10" },
    ];
    expect(fillCampaignMessage("{loja} {Cupom} {cupom} {LOJA} {outro} {nome}", contact, vars)).toBe(
      "Centro ABC10 {cupom} {LOJA} {outro} Maria",
    );
  });

  it("does not replace inside replaced values and keeps built-ins over custom keys", () => {
    const vars = [
      { key: "a", value: "{nome}" },
      { key: "nome", value: "X" },
    ];
    expect(fillCampaignMessage("{a}-{nome}", contact, vars)).toBe("{nome}-Maria");
  });

  it("reads missing contact fields as empty", () => {
    expect(fillCampaignMessage("[{email}]", { name: "A", email: null, number: "1" })).toBe("[]");
    expect(fillCampaignMessage("{ nome } {}", contact)).toBe("{ nome } {}");
  });
});

describe("pickVariant", () => {
  it("picks among the filled variants only", () => {
    const msgs = ["", "um", "  ", "dois", "tres"];
    expect(pickVariant(msgs, () => 0)).toBe("um");
    expect(pickVariant(msgs, () => 0.5)).toBe("dois");
    expect(pickVariant(msgs, () => 0.999)).toBe("tres");
    expect(pickVariant(msgs, () => 1)).toBe("tres");
  });

  it("answers empty when none is filled", () => {
    expect(pickVariant([])).toBe("");
    expect(pickVariant(["", " ", null, undefined])).toBe("");
  });

  it("uses Math.random by default and always answers a variant", () => {
    for (let i = 0; i < 20; i++) expect(["a", "b"]).toContain(pickVariant(["a", "b"]));
  });
});

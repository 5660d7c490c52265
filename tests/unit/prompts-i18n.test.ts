import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import pt from "@/messages/pt.json";
import { QUEUE_REQUIRED } from "@/lib/prompts/schemas";

const keys = (o: object, prefix = ""): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === "object" ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe("prompts translations", () => {
  it("pt, en and es have the same keys", () => {
    expect(keys(en.prompts).sort()).toEqual(keys(pt.prompts).sort());
    expect(keys(es.prompts).sort()).toEqual(keys(pt.prompts).sort());
  });

  it("pt says the spec's 'Informe o setor' for a prompt without a queue (admin §5, §8)", () => {
    expect(pt.prompts.validation[QUEUE_REQUIRED]).toBe("Informe o setor");
  });

  it("the hint names the hand-off marker through its placeholder", () => {
    for (const m of [pt, en, es]) expect(m.prompts.dialog.promptHint).toContain("<code>{marker}</code>");
  });
});

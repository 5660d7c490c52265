import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import pt from "@/messages/pt.json";

// Every text the conversation and the recorder show comes from the catalogues: each literal key
// passed to a translator of these files must exist in pt, en and es.
const DIRS = ["components/tickets/conversation", "components/audio"];
const catalogues = { pt, en, es } as Record<string, Record<string, unknown>>;

const lookup = (cat: Record<string, unknown>, key: string) => key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), cat);

function usedKeys(): string[] {
  const keys = new Set<string>();
  for (const dir of DIRS) {
    for (const file of readdirSync(dir).filter((f) => /\.tsx?$/.test(f))) {
      const src = readFileSync(path.join(dir, file), "utf8");
      const decls = [...src.matchAll(/const (\w+) = useTranslations\("([\w.]+)"\)/g)];
      decls.forEach((decl, i) => {
        const [, name, ns] = decl;
        // a translator's calls run until the next translator of the same name (the next component)
        const next = decls.slice(i + 1).find((d) => d[1] === name);
        const scope = src.slice(decl.index, next?.index ?? src.length);
        // t("key"), t("key", {...}) and t(cond ? "a" : "b")
        for (const [, key] of scope.matchAll(new RegExp(`\\b${name}\\("([\\w.]+)"`, "g"))) keys.add(`${ns}.${key}`);
        for (const [, a, b] of scope.matchAll(new RegExp(`\\b${name}\\([^()]*? \\? "([\\w.]+)" : "([\\w.]+)"`, "g"))) {
          keys.add(`${ns}.${a}`);
          keys.add(`${ns}.${b}`);
        }
      });
    }
  }
  return [...keys];
}

describe("conversation texts", () => {
  const keys = usedKeys();

  it("finds the keys the components use", () => {
    expect(keys.length).toBeGreaterThan(80);
    expect(keys).toContain("tickets.conversation.conversationEnded");
    expect(keys).toContain("tickets.notes.added");
  });

  it("has every used key in pt, en and es", () => {
    const missing = Object.entries(catalogues).flatMap(([locale, cat]) => keys.filter((k) => typeof lookup(cat, k) !== "string").map((k) => `${locale}: ${k}`));
    expect(missing).toEqual([]);
  });

  it("has the keys chosen at run time (delivery states, media kinds)", () => {
    const dynamic = [
      ...["pending", "sent", "delivered", "read", "failed"].map((k) => `tickets.conversation.ack.${k}`),
      ...["image", "audio", "video", "sticker", "application", "document", "locationMessage", "vcard", "other"].map((k) => `tickets.conversation.media.${k}`),
    ];
    for (const [locale, cat] of Object.entries(catalogues)) for (const k of dynamic) expect(typeof lookup(cat, k), `${locale}: ${k}`).toBe("string");
  });

  it("uses the spec's Portuguese wording for the notes toasts", () => {
    expect(lookup(pt, "tickets.notes.added")).toBe("Observação adicionada com sucesso!");
    expect(lookup(pt, "tickets.notes.deleted")).toBe("Observação excluída com sucesso!");
  });
});

import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import pt from "@/messages/pt.json";

// lib/api/use-error-message.ts passes `minutes` (Retry-After rounded up) to every error text.
describe("ERR_TOO_MANY_ATTEMPTS", () => {
  it("tells in pt, en and es how many minutes to wait", () => {
    const say = (messages: typeof pt, locale: string, minutes: number) =>
      createTranslator({ locale, messages, namespace: "errors" })("ERR_TOO_MANY_ATTEMPTS", { date: "", minutes });
    expect(say(pt, "pt", 15)).toBe("Muitas tentativas. Aguarde 15 minutos e tente novamente.");
    expect(say(pt, "pt", 1)).toBe("Muitas tentativas. Aguarde 1 minuto e tente novamente.");
    expect(say(en as typeof pt, "en", 1)).toBe("Too many attempts. Please wait 1 minute and try again.");
    expect(say(es as typeof pt, "es", 7)).toBe("Demasiados intentos. Espere 7 minutos e inténtelo de nuevo.");
  });
});

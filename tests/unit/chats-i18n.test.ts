import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import pt from "@/messages/pt.json";

const keys = (o: object, prefix = ""): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === "object" ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe("chats translations", () => {
  it("pt, en and es have the same keys", () => {
    expect(keys(en.chats).sort()).toEqual(keys(pt.chats).sort());
    expect(keys(es.chats).sort()).toEqual(keys(pt.chats).sort());
  });

  it("pt uses the spec's wordings (admin §2.10, §5)", () => {
    expect(pt.chats.validation).toEqual({ titleRequired: "Por favor, preencha o título da conversa.", usersRequired: "Por favor, selecione pelo menos um usuário." });
    expect(pt.chats.delete.message).toBe("Esta ação não pode ser revertida, confirmar?");
    expect(pt.chats.tabs).toEqual({ chats: "Chats", messages: "Mensagens" });
  });
});

// Issue 33 §5: the mail an admin gets when a connection needs attention.
import { describe, expect, it } from "vitest";
import { buildAttentionMail, type AttentionFacts } from "@/lib/connections/attention-mail";

const facts = (f: Partial<AttentionFacts> = {}): AttentionFacts => ({
  to: "admin@test.example", name: "Ana", locale: null, connection: "Vendas", reason: "loggedOut", ...f,
});

describe("the connection-needs-attention mail", () => {
  it("is in Portuguese when the admin chose no language (or an unknown one), with the link to /connections", () => {
    for (const locale of [null, "fr"]) {
      const mail = buildAttentionMail(facts({ locale }));
      expect(mail.subject).toBe("A conexão Vendas requer atenção");
      expect(mail.text).toContain("Olá, Ana.");
      expect(mail.text).toContain("Motivo: Desconectado pelo celular: leia o QR Code novamente");
      expect(mail.text).toContain("clique em Novo QR CODE");
      expect(mail.text).toContain("http://127.0.0.1:3000/connections");
      expect(mail.text).toContain("no máximo uma vez por dia");
    }
  });

  it("says what to do for the reason: pair again, stop the other session, else look at the network", () => {
    expect(buildAttentionMail(facts({ locale: "en", reason: "replaced" })).text).toContain("Stop the other session");
    expect(buildAttentionMail(facts({ locale: "en", reason: "badSession" })).text).toContain("click New QR CODE");
    expect(buildAttentionMail(facts({ locale: "es", reason: "neverOpened" })).text).toContain("verifique la red del servidor");
    const none = buildAttentionMail(facts({ reason: null }));
    expect(none.text).not.toContain("Motivo");
    expect(none.text).toContain("verifique a rede do servidor");
  });
});

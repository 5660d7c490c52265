import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { NextIntlClientProvider } from "next-intl";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { InvoiceStatusBadge } from "@/components/billing/invoice-status-badge";
import { PaidScreen } from "@/components/billing/checkout/paid-screen";
import { CheckoutStepper } from "@/components/billing/checkout/checkout-stepper";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import pt from "@/messages/pt.json";

const intl = { locale: "pt", messages: pt, timeZone: "America/Sao_Paulo" } as const;
// the provider's children passed as props (a variable), as the other component tests do
const render = (el: React.ReactElement) => {
  const props = { ...intl, children: el };
  return renderToStaticMarkup(createElement(NextIntlClientProvider, props));
};

describe("the paid screen", () => {
  it("shows the renewed-until date as the top bar shows it: the last active day, before the new due date", () => {
    const html = render(createElement(PaidScreen, { dueDate: "2026-04-10" }));
    expect(html).toContain("Sua assinatura foi renovada até <strong");
    expect(html).toMatch(/data-testid="paid-until">09\/04\/2026</);
  });
});

describe("the invoice status", () => {
  it("reads Pago, Vencido and Em Aberto", () => {
    expect(render(createElement(InvoiceStatusBadge, { status: "paid" }))).toContain(">Pago<");
    expect(render(createElement(InvoiceStatusBadge, { status: "overdue" }))).toContain(">Vencido<");
    expect(render(createElement(InvoiceStatusBadge, { status: "open" }))).toContain(">Em Aberto<");
  });
});

describe("the stepper", () => {
  it("marks the current step and ticks the done ones", () => {
    const html = render(createElement(CheckoutStepper, { steps: ["Dados", "Personalizar", "Revisar"], active: 1 }));
    expect(html.match(/aria-current="step"/g)).toHaveLength(1);
    expect(html).toMatch(/aria-current="step"[^>]*>.*?>2<.*?Personalizar/);
    expect(html).not.toContain(">1<"); // step 1 is done: a tick, not its number
  });
});

// Every literal key the billing components pass to a translator exists in pt, en and es.
const DIRS = ["components/billing", "components/billing/checkout"];
const lookup = (cat: unknown, key: string) => key.split(".").reduce<unknown>((n, p) => (n && typeof n === "object" ? (n as Record<string, unknown>)[p] : undefined), cat);

function usedKeys(): string[] {
  const keys = new Set<string>();
  for (const dir of DIRS) {
    for (const file of readdirSync(dir).filter((f) => /\.tsx?$/.test(f))) {
      const src = readFileSync(path.join(dir, file), "utf8");
      for (const [, name, ns] of src.matchAll(/const (\w+) = useTranslations\("([\w.]+)"\)/g)) {
        for (const [, key] of src.matchAll(new RegExp(`\\b${name}(?:\\.rich)?\\("([\\w.]+)"`, "g"))) keys.add(`${ns}.${key}`);
      }
    }
  }
  return [...keys];
}

describe("billing texts", () => {
  const keys = usedKeys();
  it("finds the keys the components use", () => {
    expect(keys.length).toBeGreaterThan(40);
    expect(keys).toContain("billing.checkout.subscribed");
  });
  it("has every used key, and the keys chosen at run time, in pt, en and es", () => {
    const dynamic = [
      ...["MENSAL", "BIMESTRAL", "TRIMESTRAL", "SEMESTRAL", "ANUAL"].map((r) => `billing.subscription.recurrence.${r}`),
      ...["firstName", "lastName", "address2", "city", "state", "zipcode"].map((f) => `billing.checkout.fields.${f}`),
    ];
    const missing = Object.entries({ pt, en, es }).flatMap(([locale, cat]) =>
      [...keys, ...dynamic].filter((k) => typeof lookup(cat, k) !== "string").map((k) => `${locale}: ${k}`),
    );
    expect(missing).toEqual([]);
  });
});

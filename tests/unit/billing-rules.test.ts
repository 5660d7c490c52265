import { describe, expect, it } from "vitest";
import { buildSubscriptionPayload } from "@/lib/subscription/build-payload";
import { invoiceDisplayStatus, isPayable } from "@/lib/subscription/invoice-status";
import { formatBRL } from "@/lib/plans/money";
import { trialDaysLeft } from "@/lib/subscription/trial";

// spec admin §2.6 / §4: Pago when paid; Vencido when past due and not paid; otherwise Em Aberto.
describe("invoiceDisplayStatus", () => {
  const today = "2026-03-10";
  it("is paid whatever the due date", () => {
    expect(invoiceDisplayStatus({ status: "paid", dueDate: "2026-01-01" }, today)).toBe("paid");
    expect(invoiceDisplayStatus({ status: "paid", dueDate: "2026-04-01" }, today)).toBe("paid");
  });
  it("is overdue from the day after the due date, open until then", () => {
    expect(invoiceDisplayStatus({ status: "open", dueDate: "2026-03-09" }, today)).toBe("overdue");
    expect(invoiceDisplayStatus({ status: "open", dueDate: "2025-12-31" }, today)).toBe("overdue");
    expect(invoiceDisplayStatus({ status: "open", dueDate: "2026-03-10" }, today)).toBe("open");
    expect(invoiceDisplayStatus({ status: "open", dueDate: "2026-03-11" }, today)).toBe("open");
  });
  it("offers Pay on anything not paid", () => {
    expect(isPayable({ status: "open" })).toBe(true);
    expect(isPayable({ status: "paid" })).toBe(false);
  });
});

describe("trialDaysLeft", () => {
  const SP = "America/Sao_Paulo";
  const now = new Date("2026-03-10T15:00:00Z"); // 12:00 in São Paulo
  it("counts calendar days in the company's timezone: a 3-day trial started now shows 3", () => {
    expect(trialDaysLeft(new Date(now.getTime() + 3 * 86_400_000), SP, now)).toBe(3);
    expect(trialDaysLeft("2026-03-11T02:00:00Z", SP, now)).toBe(0); // 23:00 on Mar 10 in São Paulo
    expect(trialDaysLeft("2026-03-11T02:00:00Z", "UTC", now)).toBe(1);
  });
  it("never goes below 0 and is null without a trial", () => {
    expect(trialDaysLeft("2026-03-01T12:00:00Z", SP, now)).toBe(0);
    expect(trialDaysLeft(null, SP, now)).toBeNull();
    expect(trialDaysLeft("not a date", SP, now)).toBeNull();
  });
});

describe("formatBRL", () => {
  // Intl puts a no-break space between the symbol and the amount
  const plain = (s: string) => s.replace(/\u00a0/g, " ");
  it("formats numbers and the Pix answer's text in BRL, pt-BR", () => {
    expect(plain(formatBRL(99.9))).toBe("R$ 99,90");
    expect(plain(formatBRL("1499.90"))).toBe("R$ 1.499,90");
    expect(plain(formatBRL(0))).toBe("R$ 0,00");
    expect(formatBRL("abc")).toBe("");
  });
});

describe("buildSubscriptionPayload", () => {
  const address = {
    firstName: "Ana", lastName: "Lima", address2: "Rua A, 10", city: "Recife", state: "PE", zipcode: "50000-000",
    country: "BR" as const, useAddressForPaymentDetails: true,
  };
  const plan = { id: 7, name: "Pro", users: 10, connections: 3, queues: 10, value: 199.9 };
  it("sends the spec's payload with the plan object and its limits", () => {
    expect(buildSubscriptionPayload(address, plan, 42)).toEqual({
      ...address,
      plan,
      price: 199.9,
      users: 10,
      connections: 3,
      invoiceId: 42,
    });
  });
  it("leaves invoiceId out when subscribing, and never carries card data", () => {
    const body = buildSubscriptionPayload(address, plan, null);
    expect(body).not.toHaveProperty("invoiceId");
    for (const key of ["cardNumber", "cvv", "nameOnCard", "expiryDate"]) expect(body).not.toHaveProperty(key);
  });
});

import { describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import { checkoutAddressSchema, countryCode, subscriptionPayloadSchema } from "@/lib/subscription/schemas";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import pt from "@/messages/pt.json";

const issues = (schema: ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
};
const address = { firstName: "Ana", address2: "Rua A, 10", city: "Recife", zipcode: "50000-000", country: "BR" };

// spec admin §5 "Checkout step 1 required", in the spec's Portuguese.
describe("checkout step 1", () => {
  it("answers the spec's messages for the required fields", () => {
    const blank = issues(checkoutAddressSchema, { firstName: " ", lastName: "", address2: "", city: "", zipcode: "", country: "" });
    const say = (field: string) => pt.validation[blank[field] as keyof typeof pt.validation];
    expect(say("firstName")).toBe("O nome completo é obrigatório");
    expect(say("address2")).toBe("O Endereço é obrigatório");
    expect(say("city")).toBe("Cidade é obrigatória");
    expect(say("zipcode")).toBe("CEP é obrigatório");
    expect(say("country")).toBe("País é obrigatório");
    expect(Object.keys(blank).sort()).toEqual(["address2", "city", "country", "firstName", "zipcode"]);
  });
  it("is satisfied without the optional fields, which default to empty", () => {
    expect(checkoutAddressSchema.parse(address)).toEqual({ ...address, lastName: "", state: "", useAddressForPaymentDetails: false });
  });
  it("takes the country's label or code: Brasil and United States only", () => {
    expect(countryCode("Brasil")).toBe("BR");
    expect(countryCode("united states")).toBe("US");
    expect(countryCode(" us ")).toBe("US");
    expect(checkoutAddressSchema.parse({ ...address, country: "United States" }).country).toBe("US");
    expect(issues(checkoutAddressSchema, { ...address, country: "AR" })).toEqual({ country: "countryRequired" });
  });
});

describe("POST /api/subscription payload", () => {
  const payload = { ...address, plan: { id: 3, name: "Pro", value: 1 }, price: 1, users: 1, connections: 1 };
  it("reads the plan's id from the object or from its JSON text", () => {
    expect(subscriptionPayloadSchema.parse(payload).plan.id).toBe(3);
    expect(subscriptionPayloadSchema.parse({ ...payload, plan: JSON.stringify({ id: 4, value: 0.01 }) }).plan.id).toBe(4);
    expect(issues(subscriptionPayloadSchema, { ...payload, plan: "{oops" })).toHaveProperty("plan");
    expect(issues(subscriptionPayloadSchema, { ...payload, plan: { id: -1 } })).toHaveProperty("plan.id");
  });
  it("refuses card data", () => {
    expect(issues(subscriptionPayloadSchema, { ...payload, cardNumber: "4111111111111111" })).toEqual({ cardNumber: "cardDataRefused" });
    expect(issues(subscriptionPayloadSchema, { ...payload, cvv: "123" })).toEqual({ cvv: "cardDataRefused" });
  });
  it("takes an invoice id by the id rule", () => {
    expect(subscriptionPayloadSchema.parse({ ...payload, invoiceId: "12" }).invoiceId).toBe(12);
    expect(issues(subscriptionPayloadSchema, { ...payload, invoiceId: 0 })).toHaveProperty("invoiceId");
  });
});

describe("the billing catalogue", () => {
  const keys = (node: unknown, prefix = ""): string[] =>
    node && typeof node === "object"
      ? Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
      : [prefix];
  it("has the same keys in pt, en and es", () => {
    expect(keys(en.billing)).toEqual(keys(pt.billing));
    expect(keys(es.billing)).toEqual(keys(pt.billing));
  });
  it("says the spec's success toast and statuses in pt", () => {
    expect(pt.billing.checkout.subscribed).toBe("Assinatura realizada com sucesso!, aguardando a realização do pagamento");
    expect(pt.billing.status).toEqual({ paid: "Pago", overdue: "Vencido", open: "Em Aberto" });
  });
});

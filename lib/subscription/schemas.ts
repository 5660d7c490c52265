import { z } from "zod";
import { idSchema } from "@/lib/validation/ids";

// Catalogue keys (messages/*.json "validation.", where every form and API issue is read) of the
// checkout's messages: spec admin §5 "Checkout step 1 required".
export const CHECKOUT_MESSAGES = {
  firstName: "firstNameRequired",
  address: "addressRequired",
  city: "cityRequired",
  zipcode: "zipcodeRequired",
  country: "countryRequired",
  tooLong: "tooLong",
  plan: "planRequired",
  cardData: "cardDataRefused",
} as const;
const M = CHECKOUT_MESSAGES;

/** spec admin §2.6: the country choices; the API takes the code or the label. */
export const COUNTRIES = [
  { code: "BR", label: "Brasil" },
  { code: "US", label: "United States" },
] as const;
export type CountryCode = (typeof COUNTRIES)[number]["code"];

/** "Brasil" / "United States" (any case) become their codes; anything else stays as sent. */
export function countryCode(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const v = value.trim().toLowerCase();
  return COUNTRIES.find((c) => c.code.toLowerCase() === v || c.label.toLowerCase() === v)?.code ?? value.trim();
}

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, M.tooLong);
const optional = (max: number) => z.string().trim().max(max, M.tooLong).optional().default("");

/** Checkout step 1 (Dados): the billing address. */
export const checkoutAddressFields = {
  firstName: required(M.firstName, 100),
  lastName: optional(100),
  address2: required(M.address, 200),
  city: required(M.city, 100),
  state: optional(100),
  zipcode: required(M.zipcode, 20),
  country: z.preprocess(countryCode, z.enum(["BR", "US"], { error: M.country })),
  useAddressForPaymentDetails: z.boolean().optional().default(false),
};
export const checkoutAddressSchema = z.object(checkoutAddressFields);
export type CheckoutAddressInput = z.input<typeof checkoutAddressSchema>;
export type CheckoutAddress = z.output<typeof checkoutAddressSchema>;

// `plan` arrives as the plan object or as that object in JSON text (spec's client sends either);
// only its id is read: every amount comes from the database.
const readPlan = (v: unknown) => {
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};
const planRef = z.preprocess(readPlan, z.looseObject({ id: idSchema(M.plan) }, { error: M.plan }));
const count = z.coerce.number().int().min(0).max(1_000_000).optional();

/**
 * POST /api/subscription (spec admin §3 "Subscription payload"). price, users and connections are
 * read and ignored (the plan's own values count); card data is refused, never read further.
 */
export const subscriptionPayloadSchema = z.object({
  ...checkoutAddressFields,
  nameOnCard: z.string().trim().max(200, M.tooLong).optional(),
  plan: planRef,
  price: z.coerce.number().min(0).max(1_000_000_000).optional(),
  users: count,
  connections: count,
  invoiceId: idSchema().optional().nullable(),
  cardNumber: z.never({ error: M.cardData }).optional(),
  cvv: z.never({ error: M.cardData }).optional(),
});
export type SubscriptionPayload = z.output<typeof subscriptionPayloadSchema>;

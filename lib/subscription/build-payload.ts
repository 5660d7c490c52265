import type { CheckoutAddress } from "./schemas";

export type CheckoutPlan = { id: number; name: string; users: number; connections: number; queues: number; value: number };

/**
 * The body of POST /api/subscription (spec admin §3 "Subscription payload"). The server reads only
 * the plan's id (amounts come from the database); no card data is ever part of it.
 */
export function buildSubscriptionPayload(address: CheckoutAddress, plan: CheckoutPlan, invoiceId?: number | null) {
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    address2: address.address2,
    city: address.city,
    state: address.state,
    zipcode: address.zipcode,
    country: address.country,
    useAddressForPaymentDetails: address.useAddressForPaymentDetails,
    plan: { id: plan.id, name: plan.name, users: plan.users, connections: plan.connections, queues: plan.queues, value: plan.value },
    price: plan.value,
    users: plan.users,
    connections: plan.connections,
    ...(invoiceId ? { invoiceId } : {}),
  };
}

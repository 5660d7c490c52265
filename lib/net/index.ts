// Every outbound call of the product goes through here (webhooks, bots).
export { isPrivateAddress } from "./private-address";
export { guardedLookup, isHostExempt, OutboundBlockedError, type Resolver } from "./outbound-guard";
export { outboundRequest, OutboundTimeoutError, type OutboundRequest, type OutboundResponse } from "./outbound-request";
export { guardedFetch, OutboundTooLargeError, type GuardedFetchOptions } from "./guarded-fetch";

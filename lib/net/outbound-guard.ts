import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from "node:dns";
import type { LookupFunction } from "node:net";
import { isIP } from "node:net";
import { getEnv } from "@/lib/env";
import { isPrivateAddress } from "./private-address";

/** Refused by the outbound guard; `code` is what callers record. */
export class OutboundBlockedError extends Error {
  readonly code = "ERR_OUTBOUND_BLOCKED";
  constructor(readonly host: string, readonly address: string) {
    super(`outbound call to ${host} (${address}) refused: private, loopback or link-local address`);
  }
}

/** The resolver the guard asks (dns.lookup with every address); tests pass one that lies. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true } as LookupAllOptions, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

const normalHost = (host: string) => host.replace(/^\[|\]$/g, "").toLowerCase();

/**
 * Whether a host may be reached whatever its address: WEBHOOK_ALLOW_PRIVATE=1 (tests reaching a
 * receiver on 127.0.0.1), or the host listed in OUTBOUND_ALLOW_HOSTS (an intranet system the
 * operator vouches for).
 */
export function isHostExempt(host: string, env = getEnv()): boolean {
  if (env.WEBHOOK_ALLOW_PRIVATE) return true;
  const allowed = env.OUTBOUND_ALLOW_HOSTS.split(",").map((h) => normalHost(h.trim())).filter(Boolean);
  return allowed.includes(normalHost(host));
}

/** Throws OutboundBlockedError when the host is an IP literal the guard refuses. */
export function assertLiteralAllowed(host: string, env = getEnv()): void {
  const h = normalHost(host);
  if (isIP(h) && !isHostExempt(h, env) && isPrivateAddress(h)) throw new OutboundBlockedError(h, h);
}

/**
 * A `lookup` for node's http/https/net (the `lookup` option): resolves the name itself, refuses it
 * when ANY address it answers is private (a name that resolves to both is an attack, not a
 * mistake), and hands node exactly the addresses it checked. Node connects to what lookup answers,
 * so the address checked is the address connected to: a DNS answer that changes between a check
 * and the connect (rebinding) cannot slip through. Host header and TLS SNI keep the name.
 */
export function guardedLookup(resolver: Resolver = systemResolver, env = getEnv()): LookupFunction {
  return (hostname, options, callback) => {
    resolver(hostname).then(
      (all) => {
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const addresses = all.filter((a) => !family || a.family === family);
        if (addresses.length === 0) {
          const err = Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" });
          return callback(err, "", 0);
        }
        if (!isHostExempt(hostname, env)) {
          const bad = addresses.find((a) => isPrivateAddress(a.address));
          if (bad) return callback(new OutboundBlockedError(hostname, bad.address), "", 0);
        }
        if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
        callback(null, addresses[0].address, addresses[0].family);
      },
      (err: NodeJS.ErrnoException) => callback(err, "", 0),
    );
  };
}

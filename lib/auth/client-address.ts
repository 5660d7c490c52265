import { isIP } from "node:net";
import { getEnv } from "@/lib/env";

/**
 * The header carrying the TCP peer's address to route handlers. Next 16 gives a route handler no
 * socket: its server only fills `x-forwarded-for` from the socket when the client sent none
 * (`??=` in next/dist/server/base-server.js), so a client-sent value reaches the handler as is and
 * the socket address is lost. The server process therefore loads workers/client-address-hook.mjs
 * (the launcher passes it to `next start` with --import): for every request it writes the socket's
 * address into this header, replacing whatever the client sent under that name.
 */
export const SOCKET_ADDRESS_HEADER = "x-socket-address";

/**
 * The address the abuse limits count a request against.
 * - TRUST_PROXY unset (or 0): the socket's address; `X-Forwarded-For` is ignored, since anyone can
 *   send it.
 * - TRUST_PROXY = n: the app sits behind n proxies that each append the address they saw to
 *   `X-Forwarded-For`; the n-th entry from the right is the one the outermost trusted proxy saw
 *   (entries left of it were sent by the client and prove nothing). With fewer entries than that,
 *   the leftmost one.
 * Without the header (a server started without the hook, e.g. `next dev`) every request counts as
 * one "unknown" client, which keeps the limits on rather than trusting a header.
 */
export function clientAddress(headers: Headers | Record<string, unknown>, trustProxy = getEnv().TRUST_PROXY): string {
  const get = (name: string) => {
    const v = headers instanceof Headers ? headers.get(name) : headers[name];
    return typeof v === "string" ? v : "";
  };
  if (trustProxy > 0) {
    const hops = get("x-forwarded-for")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const seen = hops.length ? normalizeAddress(hops[Math.max(0, hops.length - trustProxy)]) : "";
    if (seen) return seen;
  }
  return normalizeAddress(get(SOCKET_ADDRESS_HEADER)) || "unknown";
}

/**
 * The key an address counts under: an IPv4 address as is (`::ffff:1.2.3.4` is 1.2.3.4), an IPv6
 * address as its /64 network (one subscriber gets a whole /64 and could rotate through it); junk is
 * refused ("").
 */
export function normalizeAddress(raw: string): string {
  let a = raw.trim().toLowerCase();
  // "[::1]:443" or "1.2.3.4:5678", as some proxies write it
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1];
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(":"));
  if (a.startsWith("::ffff:") && isIP(a.slice(7)) === 4) a = a.slice(7);
  const kind = isIP(a);
  if (kind === 4) return a;
  if (kind === 6) return `${ipv6Groups(a).slice(0, 4).join(":")}::/64`;
  return "";
}

// The eight 16-bit groups of a valid IPv6 address, as short hex ("2001:db8::1" -> 2001,db8,0,...,1).
function ipv6Groups(a: string): string[] {
  a = a.replace(/%.*$/, ""); // zone index (fe80::1%eth0)
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(a);
  if (dotted) {
    const [b0, b1, b2, b3] = dotted.slice(1).map(Number);
    a = `${a.slice(0, dotted.index)}${((b0 << 8) | b1).toString(16)}:${((b2 << 8) | b3).toString(16)}`;
  }
  const [head, tail] = a.includes("::") ? a.split("::") : [a, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((g) => parseInt(g, 16).toString(16));
}

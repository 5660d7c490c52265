import { isIP } from "node:net";

/**
 * Whether an IP address is one an outbound call of the product must never reach (lib/net): private,
 * loopback, link-local, carrier-grade NAT, multicast, reserved or unspecified, in IPv4 or IPv6,
 * including IPv4 addresses carried inside IPv6 (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64
 * 64:ff9b::/96 and 6to4 2002::/16), which would otherwise be a way around the IPv4 rules.
 * Anything that does not parse as an address counts as refused.
 */
export function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(ip);
  if (family === 4) return privateV4(v4Bytes(ip));
  if (family === 6) return privateV6(v6Bytes(ip));
  return true;
}

type V4Range = [a: number, b: number, c: number, d: number, bits: number];

// RFC 6890 special-purpose ranges a public service never lives on
const V4_RANGES: V4Range[] = [
  [0, 0, 0, 0, 8], // "this" network
  [10, 0, 0, 0, 8], // private
  [100, 64, 0, 0, 10], // carrier-grade NAT
  [127, 0, 0, 0, 8], // loopback
  [169, 254, 0, 0, 16], // link-local (cloud metadata lives here)
  [172, 16, 0, 0, 12], // private
  [192, 0, 0, 0, 24], // IETF protocol assignments
  [192, 0, 2, 0, 24], // documentation
  [192, 168, 0, 0, 16], // private
  [198, 18, 0, 0, 15], // benchmarking
  [198, 51, 100, 0, 24], // documentation
  [203, 0, 113, 0, 24], // documentation
  [224, 0, 0, 0, 4], // multicast
  [240, 0, 0, 0, 4], // reserved, broadcast
];

const toInt = (b: number[]) => ((b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]) >>> 0;

function privateV4(bytes: number[]): boolean {
  const n = toInt(bytes);
  return V4_RANGES.some(([a, b, c, d, bits]) => {
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    return (n & mask) >>> 0 === (toInt([a, b, c, d]) & mask) >>> 0;
  });
}

function privateV6(b: number[]): boolean {
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible; :: and ::1 fall here too)
  if (zeros(0, 10) && ((b[10] === 0xff && b[11] === 0xff) || (b[10] === 0 && b[11] === 0))) {
    if (b[10] === 0 && zeros(12, 15) && b[15] <= 1) return true; // :: and ::1
    return privateV4(b.slice(12, 16));
  }
  // 64:ff9b::/96 NAT64 carries an IPv4 address in its last 32 bits
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return privateV4(b.slice(12, 16));
  // 2002::/16 6to4 carries one in bits 16-47
  if (b[0] === 0x20 && b[1] === 0x02) return privateV4(b.slice(2, 6));
  if ((b[0] & 0xfe) === 0xfc) return true; // fc00::/7 unique local
  if (b[0] === 0xfe && (b[1] & 0xc0) === 0x80) return true; // fe80::/10 link-local
  if (b[0] === 0xfe && (b[1] & 0xc0) === 0xc0) return true; // fec0::/10 site-local (deprecated)
  if (b[0] === 0xff) return true; // multicast
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x0d && b[3] === 0xb8) return true; // documentation
  return false;
}

const v4Bytes = (ip: string) => ip.split(".").map(Number);

/** The 16 bytes of an IPv6 address (already known to be valid), with an IPv4 tail expanded. */
function v6Bytes(ip: string): number[] {
  let text = ip.toLowerCase();
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = v4Bytes(tail[1]);
    text = text.slice(0, -tail[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = rest === undefined ? [] : rest ? rest.split(":") : [];
  const fill = rest === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...fill, ...right].flatMap((group) => {
    const n = parseInt(group || "0", 16);
    return [n >> 8, n & 0xff];
  });
}

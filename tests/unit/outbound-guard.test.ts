import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getEnv, resetEnvCache } from "@/lib/env";
import { guardedLookup, isPrivateAddress, OutboundBlockedError, outboundRequest, type Resolver } from "@/lib/net";

const v4 = (address: string) => ({ address, family: 4 });
const v6 = (address: string) => ({ address, family: 6 });
const env = (extra: Record<string, string>) => getEnv({ ...process.env, WEBHOOK_ALLOW_PRIVATE: "", OUTBOUND_ALLOW_HOSTS: "", ...extra });

/** What guardedLookup hands node: the error, or the addresses it let through. */
function lookupWith(resolver: Resolver, host: string, e = env({})) {
  return new Promise<{ err: Error | null; address: unknown }>((resolve) =>
    guardedLookup(resolver, e)(host, { all: true }, (err, address) => resolve({ err, address })),
  );
}

describe("isPrivateAddress", () => {
  it("refuses private, loopback, link-local, CGNAT, multicast and unspecified IPv4", () => {
    for (const ip of ["10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.0.10", "127.0.0.1", "127.8.8.8", "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "255.255.255.255"]) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
  });

  it("lets public IPv4 through, including neighbours of the private ranges", () => {
    for (const ip of ["8.8.8.8", "93.184.216.34", "172.15.255.255", "172.32.0.1", "100.128.0.1", "11.0.0.1", "169.253.1.1"]) {
      expect(isPrivateAddress(ip), ip).toBe(false);
    }
  });

  it("refuses IPv6 loopback, unspecified, link-local, unique-local and multicast", () => {
    for (const ip of ["::1", "::", "fe80::1", "fe80::1%eth0", "fd00::1", "fc12:3456::1", "ff02::1", "[::1]"]) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    expect(isPrivateAddress("2606:4700:4700::1111")).toBe(false);
  });

  it("sees IPv4 inside IPv6: mapped (dotted and hex), compatible, NAT64 and 6to4", () => {
    for (const ip of ["::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:10.0.0.1", "::ffff:169.254.169.254", "::127.0.0.1", "64:ff9b::a00:1", "2002:a00:1::1", "2002:c0a8:101::"]) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    expect(isPrivateAddress("::ffff:8.8.8.8")).toBe(false);
    expect(isPrivateAddress("2002:808:808::1")).toBe(false);
  });

  it("refuses what is not an address at all", () => {
    expect(isPrivateAddress("localhost")).toBe(true);
    expect(isPrivateAddress("")).toBe(true);
  });
});

describe("guardedLookup (checked where node connects)", () => {
  it("refuses a name resolving to a private address (DNS rebinding), even among public ones", async () => {
    const rebinding: Resolver = async () => [v4("93.184.216.34"), v4("127.0.0.1")];
    const { err } = await lookupWith(rebinding, "hooks.example.com");
    expect(err).toBeInstanceOf(OutboundBlockedError);
    expect((err as OutboundBlockedError).address).toBe("127.0.0.1");
    const mapped = await lookupWith(async () => [v6("::ffff:169.254.169.254")], "metadata.example.com");
    expect(mapped.err).toBeInstanceOf(OutboundBlockedError);
  });

  it("answers node exactly the public addresses it checked", async () => {
    const { err, address } = await lookupWith(async () => [v4("93.184.216.34"), v6("2606:2800:220:1::1")], "hooks.example.com");
    expect(err).toBeNull();
    expect(address).toEqual([v4("93.184.216.34"), v6("2606:2800:220:1::1")]);
  });

  it("lets a host of OUTBOUND_ALLOW_HOSTS, or anything with WEBHOOK_ALLOW_PRIVATE, reach a private address", async () => {
    const intranet: Resolver = async () => [v4("10.0.0.7")];
    expect((await lookupWith(intranet, "erp.intranet", env({ OUTBOUND_ALLOW_HOSTS: "crm.local, ERP.intranet" }))).err).toBeNull();
    expect((await lookupWith(intranet, "other.intranet", env({ OUTBOUND_ALLOW_HOSTS: "erp.intranet" }))).err).toBeInstanceOf(OutboundBlockedError);
    expect((await lookupWith(intranet, "other.intranet", env({ WEBHOOK_ALLOW_PRIVATE: "1" }))).err).toBeNull();
  });
});

describe("outboundRequest", () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === "/redirect") res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data" }).end();
      else res.writeHead(200).end("ok");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  afterEach(() => {
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
    resetEnvCache();
  });

  it("refuses loopback literals (IPv4, IPv6, mapped) before connecting", async () => {
    for (const host of ["127.0.0.1", "[::1]", "[::ffff:127.0.0.1]"]) {
      await expect(outboundRequest({ url: `http://${host}:${port}/` }), host).rejects.toBeInstanceOf(OutboundBlockedError);
    }
  });

  it("refuses a name whose DNS answer is loopback, at connect time", async () => {
    const rebinding: Resolver = async () => [v4("127.0.0.1")];
    await expect(outboundRequest({ url: `http://hooks.example.com:${port}/`, resolver: rebinding })).rejects.toBeInstanceOf(OutboundBlockedError);
  });

  it("reaches a local receiver with WEBHOOK_ALLOW_PRIVATE=1 and does not follow redirects", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "1";
    resetEnvCache();
    const res = await outboundRequest({ url: `http://127.0.0.1:${port}/`, body: "{}" });
    expect(res).toMatchObject({ status: 200, body: "ok" });
    const redirected = await outboundRequest({ url: `http://127.0.0.1:${port}/redirect`, body: "{}" });
    expect(redirected).toMatchObject({ status: 302, location: "http://169.254.169.254/latest/meta-data" });
  });

  it("refuses protocols other than http(s)", async () => {
    await expect(outboundRequest({ url: "file:///etc/passwd" })).rejects.toThrow(/unsupported protocol/);
  });
});

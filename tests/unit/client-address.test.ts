import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { clientAddress, normalizeAddress, SOCKET_ADDRESS_HEADER } from "@/lib/auth/client-address";
import { getEnv } from "@/lib/env";

const headers = (h: Record<string, string>) => new Headers(h);

describe("clientAddress", () => {
  it("is the socket's address without TRUST_PROXY, whatever X-Forwarded-For says", () => {
    const h = headers({ [SOCKET_ADDRESS_HEADER]: "10.0.0.5", "x-forwarded-for": "203.0.113.1, 198.51.100.2" });
    expect(clientAddress(h, 0)).toBe("10.0.0.5");
  });

  it("with TRUST_PROXY = n takes the n-th X-Forwarded-For entry from the right", () => {
    const h = headers({ [SOCKET_ADDRESS_HEADER]: "10.0.0.5", "x-forwarded-for": "203.0.113.1, 198.51.100.2,192.0.2.3" });
    expect(clientAddress(h, 1)).toBe("192.0.2.3");
    expect(clientAddress(h, 2)).toBe("198.51.100.2");
    // fewer entries than proxies: the leftmost, the farthest any proxy wrote
    expect(clientAddress(h, 5)).toBe("203.0.113.1");
  });

  it("with TRUST_PROXY falls back to the socket when the proxy sent no usable X-Forwarded-For", () => {
    expect(clientAddress(headers({ [SOCKET_ADDRESS_HEADER]: "10.0.0.5" }), 1)).toBe("10.0.0.5");
    expect(clientAddress(headers({ [SOCKET_ADDRESS_HEADER]: "10.0.0.5", "x-forwarded-for": "junk" }), 1)).toBe("10.0.0.5");
  });

  it("counts requests with no socket header as one unknown client (limits stay on)", () => {
    expect(clientAddress(headers({ "x-forwarded-for": "203.0.113.1" }), 0)).toBe("unknown");
    expect(clientAddress({}, 0)).toBe("unknown");
  });

  it("reads next-auth's plain header objects too", () => {
    expect(clientAddress({ [SOCKET_ADDRESS_HEADER]: "::ffff:10.1.2.3" }, 0)).toBe("10.1.2.3");
  });
});

describe("normalizeAddress", () => {
  it("keys IPv4 by address and IPv6 by its /64 network", () => {
    expect(normalizeAddress(" 1.2.3.4 ")).toBe("1.2.3.4");
    expect(normalizeAddress("::ffff:1.2.3.4")).toBe("1.2.3.4");
    expect(normalizeAddress("1.2.3.4:5678")).toBe("1.2.3.4");
    expect(normalizeAddress("2001:DB8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(normalizeAddress("[2001:db8:1:2::9]:443")).toBe("2001:db8:1:2::/64");
    expect(normalizeAddress("2001:db8::1")).toBe("2001:db8:0:0::/64");
  });

  it("refuses what is not an address", () => {
    for (const junk of ["", "unknown", "1.2.3.4, 5.6.7.8", "999.1.1.1", "<script>"]) expect(normalizeAddress(junk)).toBe("");
  });
});

describe("TRUST_PROXY", () => {
  const base = { AUTH_SECRET: "a".repeat(40), REFRESH_SECRET: "b".repeat(40) };
  it("is a number of proxies; unset, empty, 0 and false trust none", () => {
    const parse = (v?: string) => getEnv({ ...base, TRUST_PROXY: v }).TRUST_PROXY;
    expect([parse(), parse(""), parse("0"), parse("false")]).toEqual([0, 0, 0, 0]);
    expect([parse("1"), parse("true"), parse("2")]).toEqual([1, 1, 2]);
    for (const bad of ["yes", "-1", "1.5"]) expect(() => parse(bad)).toThrow(/TRUST_PROXY/);
  });
});

describe("workers/client-address-hook.mjs", () => {
  it("replaces a client-sent socket header with the socket's address, in a server loaded with --import", async () => {
    // a bare HTTP server in a process started as the launcher starts `next start`
    const server = `
      const http = require("node:http");
      const s = http.createServer((req, res) => res.end(String(req.headers["${SOCKET_ADDRESS_HEADER}"])));
      s.listen(0, "127.0.0.1", () => console.log(s.address().port));
      process.stdin.on("end", () => s.close()).resume();`;
    const child = spawn(process.execPath, ["--import", "./workers/client-address-hook.mjs", "-e", server], { stdio: ["pipe", "pipe", "inherit"] });
    try {
      const port = await new Promise<string>((resolve, reject) => {
        child.stdout.once("data", (d) => resolve(String(d).trim()));
        child.once("exit", (code) => reject(new Error(`server exited (${code})`)));
      });
      const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { [SOCKET_ADDRESS_HEADER]: "203.0.113.9" } });
      expect(await res.text()).toBe("127.0.0.1");
    } finally {
      child.stdin.end();
      child.kill();
    }
  });
});

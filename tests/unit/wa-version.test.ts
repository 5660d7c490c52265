import { describe, expect, it } from "vitest";
import { BUNDLED_VERSION, parseVersion, resolveWaVersion, type VersionDeps } from "@/lib/whatsapp/providers/baileys/wa-version";

const deps = (over: Partial<VersionDeps>): VersionDeps => ({ stored: async () => null, timeoutMs: 50, ...over });

describe("the WhatsApp Web version a socket announces", () => {
  it("is WhatsApp's current one when its page answers", async () => {
    expect(await resolveWaVersion(deps({ fetchLatest: async () => [2, 3000, 1029384756] }))).toEqual({ version: [2, 3000, 1029384756], source: "latest" });
  });

  it("falls back to the version that last opened when the page answers 404, hangs past the timeout or answers garbage", async () => {
    const stored = async () => "2.3000.1011121314";
    const warns: string[] = [];
    const warn = (l: string) => void warns.push(l);
    const notFound = async () => Promise.reject(Object.assign(new Error("Failed to fetch sw.js: Not Found"), { output: { statusCode: 404 } }));
    let aborted = false;
    const hang = (signal: AbortSignal) =>
      new Promise<never>(() => {
        signal.addEventListener("abort", () => (aborted = true));
      });
    for (const fetchLatest of [notFound, hang, async () => "<html>not a version</html>", async () => [3, "x", -1], async () => null]) {
      expect(await resolveWaVersion(deps({ fetchLatest, stored, warn }))).toEqual({ version: [2, 3000, 1011121314], source: "stored" });
    }
    expect(aborted).toBe(true);
    expect(warns).toEqual([
      expect.stringMatching(/could not be read: Failed to fetch sw.js: Not Found/),
      expect.stringMatching(/could not be read: no answer in 0.05 s/),
      expect.stringMatching(/no readable version/),
      expect.stringMatching(/no readable version/),
      expect.stringMatching(/no readable version/),
    ]);
  });

  it("is the bundled version when nothing else is known (or the stored one is unreadable)", async () => {
    const fail = async () => Promise.reject(new Error("offline"));
    expect(await resolveWaVersion(deps({ fetchLatest: fail }))).toEqual({ version: BUNDLED_VERSION, source: "bundled" });
    expect(await resolveWaVersion(deps({ fetchLatest: fail, stored: async () => "garbage" }))).toEqual({ version: BUNDLED_VERSION, source: "bundled" });
    expect(await resolveWaVersion(deps({ fetchLatest: fail, stored: () => Promise.reject(new Error("db away")) }))).toEqual({ version: BUNDLED_VERSION, source: "bundled" });
  });

  it("an operator's override wins, without asking WhatsApp; a bad one is ignored with a warning", async () => {
    let asked = 0;
    const fetchLatest = async () => (asked++, [2, 3000, 1]);
    expect(await resolveWaVersion(deps({ override: "2.3000.1055555555", fetchLatest }))).toEqual({ version: [2, 3000, 1055555555], source: "env" });
    expect(asked).toBe(0);
    const warns: string[] = [];
    expect(await resolveWaVersion(deps({ override: "latest", fetchLatest, warn: (l) => void warns.push(l) }))).toEqual({ version: [2, 3000, 1], source: "latest" });
    expect(warns).toEqual([expect.stringMatching(/WA_WEB_VERSION "latest" is not a version/)]);
  });

  it("reads versions written either way, and nothing else", () => {
    expect(parseVersion("2.3000.1023456789")).toEqual([2, 3000, 1023456789]);
    expect(parseVersion([2, 3000, 7])).toEqual([2, 3000, 7]);
    for (const bad of ["2.3000", "2.3000.x", "1.2.3", "", [2, 3000], [2, 3000, 1.5], {}, 42]) expect(parseVersion(bad)).toBeNull();
  });
});

// What a process keeps between requests lives in a few module-level holders. Integration files of
// a worker share its loaded modules (vitest.config.ts), and each file has a database of its own:
// anything kept from one database's rows must be forgotten when the database closes
// (forgetWithDatabase, db/index.ts), or the next file reads another database's contexts and
// tickets. Every holder is listed here with how it stays correct; a new one must be added.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const FORGOTTEN_WITH_DATABASE = [
  "lib/chatbot/context-cache.ts",
  "lib/chatbot/kept-tickets.ts",
  "lib/campaigns/dispatch/progress.ts",
  "lib/whatsapp/sandbox/wake.ts",
];
// keyed by what they hold (a token, a configuration, a provider key), or holding no rows at all
const NOT_DATABASE_ROWS: Record<string, string> = {
  "db/index.ts": "the client itself, keyed by its URL",
  "lib/auth/decoded-tokens.ts": "claims decoded from the token string they are keyed by",
  "lib/bots/providers/dialogflow/client.ts": "OAuth tokens keyed by the credentials; the endpoint is a test override",
  "lib/bots/runner/announce.ts": "callbacks of running bot runners, removed when they stop",
  "lib/bots/registry.ts": "the bot providers (code)",
  "lib/bots/register-providers.ts": "a flag: the providers are registered",
  "lib/observability/logger.ts": "the logger",
  "lib/observability/request-log.ts": "the async-local request store",
  "lib/observability/metrics.ts": "the metrics registry",
  "lib/realtime/publish.ts": "the Pusher client keyed by its configuration; the sink is a test override",
  "lib/payments/get-provider.ts": "the provider keyed by its configuration; the override is a test's",
  "lib/whatsapp/worker/local-wake.ts": "callbacks of running workers, removed when they stop",
};

const HOLDER = /globalThis as unknown as \{|^(?:const|let) \w+(?:: [^=]+)? = new (?:Map|WeakMap)</m;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith(".test.ts") ? [p] : [];
  });
}

describe("module-level state", () => {
  const holders = ["lib", "db"].flatMap(sources).filter((f) => HOLDER.test(fs.readFileSync(f, "utf8")));
  const listed = new Set([...FORGOTTEN_WITH_DATABASE, ...Object.keys(NOT_DATABASE_ROWS)]);

  it("is listed here, each holder with how it stays correct when the database changes", () => {
    const unlisted = holders.filter((f) => !listed.has(f) && !isStatic(f));
    expect(unlisted).toEqual([]);
    // and the list names no file that holds nothing any more
    expect(holders).toEqual(expect.arrayContaining([...listed]));
  });

  it("kept from database rows registers with forgetWithDatabase", () => {
    for (const f of FORGOTTEN_WITH_DATABASE) expect({ f, registers: /forgetWithDatabase\(/.test(fs.readFileSync(f, "utf8")) }).toEqual({ f, registers: true });
  });
});

// maps of request objects or per-database slots (WeakMap keyed by the request or the Db) go with their key
function isStatic(f: string): boolean {
  const text = fs.readFileSync(f, "utf8");
  return !/globalThis as unknown as \{/.test(text) && /^(?:const|let) \w+(?:: [^=]+)? = new WeakMap<(?:Request|Db),/m.test(text) && !/^(?:const|let) \w+(?:: [^=]+)? = new Map</m.test(text);
}

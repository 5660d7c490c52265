import { makeCacheableSignalKeyStore, type CacheStore, type UserFacingSocketConfig, type WABrowserDescription, type WAVersion } from "@whiskeysockets/baileys";
import { APP_VERSION } from "@/lib/version";
import type { PostgresAuthState } from "./auth-state";
import { createJidFilter } from "./ignored-jids";
import { silentLogger } from "./logger";

// os shows as the device name in WhatsApp > Linked devices; "Chrome" picks the web platform
const BROWSER: WABrowserDescription = ["Atendimento", "Chrome", APP_VERSION];

/** What each socket of a connection is made with (connection.ts). */
export function socketOptions(o: {
  auth: PostgresAuthState;
  keyCache: CacheStore;
  logger: UserFacingSocketConfig["logger"];
  version: WAVersion | undefined;
  getMessage: UserFacingSocketConfig["getMessage"];
  retryCounts: CacheStore;
  ignoresGroups: () => boolean;
  cachedGroupMetadata: UserFacingSocketConfig["cachedGroupMetadata"];
}): UserFacingSocketConfig {
  return {
    auth: { creds: o.auth.state.creds, keys: makeCacheableSignalKeyStore(o.auth.state.keys, silentLogger, o.keyCache) },
    // Baileys' own warn and error lines, rate-limited (its key store stays silent: a line per key)
    logger: o.logger,
    browser: BROWSER,
    version: o.version,
    markOnlineOnConnect: false,
    syncFullHistory: false,
    getMessage: o.getMessage,
    msgRetryCounterCache: o.retryCounts,
    // status broadcasts, broadcast lists, newsletters, and groups while the company ignores them
    shouldIgnoreJid: createJidFilter(o.ignoresGroups),
    cachedGroupMetadata: o.cachedGroupMetadata,
  };
}

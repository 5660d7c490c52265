import type { CacheStore } from "@whiskeysockets/baileys";

// Small memories a long-running socket keeps without growing for ever: the oldest entry goes
// first once the limit is reached (a Map keeps insertion order).

/** A set of recent keys; `add` answers false when the key was already there. */
export function boundedSet(max = 2000) {
  const keys = new Set<string>();
  return {
    has: (key: string) => keys.has(key),
    add(key: string): boolean {
      if (keys.has(key)) return false;
      keys.add(key);
      if (keys.size > max) keys.delete(keys.values().next().value as string);
      return true;
    },
    clear: () => keys.clear(),
  };
}

export function boundedMap<V>(max = 10_000) {
  const map = new Map<string, V>();
  return {
    get: (key: string) => map.get(key),
    set(key: string, value: V) {
      map.delete(key);
      map.set(key, value);
      if (map.size > max) map.delete(map.keys().next().value as string);
    },
    delete: (key: string) => map.delete(key),
    clear: () => map.clear(),
    get size() {
      return map.size;
    },
  };
}

/**
 * The signal-key cache handed to makeCacheableSignalKeyStore. Its default (a NodeCache per call,
 * with its own timer) would leak one cache per reconnect; this one lives as long as the
 * connection, is bounded, and is flushed before each socket reads the auth state afresh.
 */
export function signalKeyCache(max = 20_000): CacheStore {
  const entries = boundedMap<unknown>(max);
  return {
    get: <T>(key: string) => entries.get(key) as T | undefined,
    set: <T>(key: string, value: T) => void entries.set(key, value),
    del: (key: string) => void entries.delete(key),
    flushAll: () => entries.clear(),
  };
}

import { initAuthCreds } from "@whiskeysockets/baileys";
import { decodeMessage, encodeMessage, type SentMessages } from "@/lib/whatsapp/providers/baileys/sent-messages";

// What a `beta` connection keeps in Postgres, kept in memory for unit tests on the fake socket
// (tests/helpers/fake-baileys-socket.ts): the auth state, the sent messages, the WhatsApp Web version.

/** An auth store in memory: unit tests count saves and clears instead of touching Postgres. */
export function memoryAuthStore() {
  const store = {
    saves: 0,
    clears: 0,
    async load() {
      return {
        state: { creds: initAuthCreds(), keys: { get: async () => ({}), set: async () => {} } },
        saveCreds: async () => void store.saves++,
        clear: async () => void store.clears++,
      };
    },
    clear: async () => void store.clears++,
  };
  return store;
}

/** Sent messages kept in memory by wid, as the JSON text the Postgres store writes (`rows`). */
export function memorySentMessages() {
  const rows = new Map<string, string>();
  const store: SentMessages & { rows: Map<string, string> } = {
    rows,
    async save(wid, message) {
      const json = encodeMessage(message);
      if (json) rows.set(wid, json);
    },
    getMessage: async (key) => decodeMessage(key.id ? rows.get(key.id) : undefined),
  };
  return store;
}

/** What WhatsApp's page answers in tests (no network here). */
export const FAKE_WA_VERSION: [number, number, number] = [2, 3000, 1000000001];

/** whatsapps.wa_version in memory. */
export function memoryVersionStore(initial: string | null = null) {
  const store = { value: initial, load: async () => store.value, save: async (v: string) => void (store.value = v) };
  return store;
}

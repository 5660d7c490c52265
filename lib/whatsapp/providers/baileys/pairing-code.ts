import type { AuthenticationCreds } from "@whiskeysockets/baileys";
import type { ProviderEvent } from "../../types";
import type { PostgresAuthState } from "./auth-state";
import type { ConnectionLog } from "./logger";
import type { BaileysSocket } from "./socket-types";

/**
 * Pairing by code (issue 33 §8): instead of scanning the QR code, the phone's owner types a code
 * WhatsApp gives for their number (Linked devices → Link a device → Link with phone number
 * instead). Asked of the socket once it waits for pairing (it has shown a QR code), as Baileys'
 * example does; the code is bound to that socket's keys, so a socket opened later in the same start
 * (a dropped link) asks again for the same number. The code goes out as a `pairingCode` event.
 */
export function createPairingCode(opts: { socket: () => BaileysSocket | null; emit: (event: ProviderEvent) => Promise<void>; log: ConnectionLog }) {
  let number: string | null = null;
  let waiting: BaileysSocket | null = null; // the socket that showed a QR code
  let askedOn: BaileysSocket | null = null;

  async function ask(sock: BaileysSocket) {
    if (!number || askedOn === sock) return;
    askedOn = sock;
    const code = await sock.requestPairingCode(number);
    opts.log.info("a pairing code was given for the number an admin typed");
    await opts.emit({ type: "pairingCode", code });
  }

  return {
    /** an admin asked for a code for this number (digits with the country code) */
    async request(digits: string) {
      number = digits;
      askedOn = null;
      const sock = opts.socket();
      if (sock && sock === waiting) await ask(sock);
    },
    /** the socket showed a QR code: it waits for pairing */
    async qr(sock: BaileysSocket) {
      waiting = sock;
      await ask(sock).catch((err: unknown) => opts.log.warn(`no pairing code: ${(err as Error).message}`));
    },
  };
}

/**
 * Asking for a code writes the number into the creds (`me`) before the phone pairs; left there by a
 * code nobody typed, the next socket would log in as a device WhatsApp never paired (401, logged
 * out). Such creds are dropped so the next start pairs afresh. Paired creds always hold `account`
 * (the device identity WhatsApp signs on pair-success, for a QR code and a typed code alike).
 */
export const isUnfinishedPairing = (creds: AuthenticationCreds) => !!creds.pairingCode && !!creds.me && !creds.account;

export async function withoutUnfinishedPairing(
  auth: PostgresAuthState,
  store: { load(): Promise<PostgresAuthState>; clear(): Promise<void> },
  log: ConnectionLog,
): Promise<PostgresAuthState> {
  if (!isUnfinishedPairing(auth.state.creds)) return auth;
  log.info("a pairing code was never typed: pairing starts afresh");
  await store.clear();
  return store.load();
}

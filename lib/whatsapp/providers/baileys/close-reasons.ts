import { DisconnectReason as Baileys } from "@whiskeysockets/baileys";
import type { Disconnect } from "../../types";

/**
 * The reason for a close code. `everOpened`: whether this connection opened since it was started;
 * one that never did is "never opened" whatever the code, unless WhatsApp said why.
 */
export function disconnectOf(code: number | undefined, everOpened: boolean): Disconnect {
  const c = code ?? null;
  switch (code) {
    case 405:
      return { code: c, reason: "versionRefused", needsAttention: false };
    case Baileys.loggedOut:
    case Baileys.forbidden:
      // the phone (or WhatsApp) ended the session: only pairing again brings it back
      return { code: c, reason: "loggedOut", needsAttention: true };
    case Baileys.connectionReplaced:
      return { code: c, reason: "replaced", needsAttention: false };
    case Baileys.restartRequired:
      return { code: c, reason: "restartRequired", needsAttention: false };
    case Baileys.badSession:
      return { code: c, reason: "badSession", needsAttention: false };
    default:
      return { code: c, reason: everOpened ? "network" : "neverOpened", needsAttention: false };
  }
}

import type { ProviderEvent } from "../../types";
import type { Background } from "./background";
import { boundedSet } from "./bounded";
import type { ConnectionLog } from "./logger";
import type { BaileysSocket } from "./socket-types";

// WhatsApp answers 404 (item-not-found) when there is no picture and 401 (not-authorized) when the
// contact shows it to nobody outside their contacts: either way there is none to show
const NO_PICTURE = new Set([401, 404]);
const QUERY_TIMEOUT_MS = 10_000;

const statusOf = (err: unknown) => (err as { output?: { statusCode?: number } })?.output?.statusCode;

/**
 * Contacts' profile pictures: asked of WhatsApp on a contact's first message this connection sees
 * (after the message is stored, so the contact exists) and whenever WhatsApp says the picture
 * changed; a removed picture is cleared. One at a time, in the background, in the order WhatsApp
 * reported them.
 */
export function createProfilePictures(opts: {
  socket: () => BaileysSocket | null;
  emit: (event: ProviderEvent) => Promise<void>;
  log: ConnectionLog;
  background: Background;
}) {
  const asked = boundedSet(10_000);

  function fetch(number: string, jid: string) {
    opts.background.run(`profile picture of ${number}`, async () => {
      const sock = opts.socket();
      if (!sock) return;
      let url: string | undefined;
      try {
        url = await sock.profilePictureUrl(jid, "image", QUERY_TIMEOUT_MS);
      } catch (err) {
        if (!NO_PICTURE.has(statusOf(err) ?? 0)) throw err;
      }
      await opts.emit({ type: "contact", number, profilePicUrl: url ?? "" });
    });
  }

  return {
    /** a message from this contact was stored */
    firstMessage(number: string, jid: string) {
      if (asked.add(number)) fetch(number, jid);
    },
    /** contacts.update with imgUrl 'changed' */
    changed(number: string, jid: string) {
      asked.add(number);
      fetch(number, jid);
    },
    /** contacts.update with imgUrl 'removed': behind any fetch still running for it, so it lands last */
    removed(number: string) {
      asked.add(number);
      opts.background.run(`profile picture of ${number}`, () => opts.emit({ type: "contact", number, profilePicUrl: "" }));
    },
  };
}

export type ProfilePictures = ReturnType<typeof createProfilePictures>;

import type { UserFacingSocketConfig, WASocket } from "@whiskeysockets/baileys";

/**
 * The part of Baileys' socket this provider uses. Typing against it (not the whole WASocket) is
 * what lets tests hand in a fake socket that emits the same events.
 */
export type BaileysSocket = Pick<
  WASocket,
  "user" | "sendMessage" | "onWhatsApp" | "readMessages" | "logout" | "end" | "groupMetadata" | "updateMediaMessage" | "profilePictureUrl" | "requestPairingCode"
> & {
  ev: Pick<WASocket["ev"], "process" | "on" | "off">;
  signalRepository: { lidMapping: Pick<WASocket["signalRepository"]["lidMapping"], "getPNForLID"> };
  /** the websocket under it: closed before Baileys reports the close (a fake may have none) */
  ws?: Pick<WASocket["ws"], "isOpen">;
};

export type MakeSocket = (config: UserFacingSocketConfig) => BaileysSocket;

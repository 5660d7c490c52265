import type { DisconnectReason } from "@/db/schema";

// The contract between the product and a WhatsApp provider (ARCHITECTURE rule 8). The worker
// (workers/whatsapp.ts) owns provider instances; the rest of the product sees rows and events.

export type ConnectionStatus = "qrcode" | "PAIRING" | "DISCONNECTED" | "TIMEOUT" | "OPENING" | "CONNECTED";

export type MediaType = "image" | "audio" | "video" | "document" | "sticker";

/** A media file already stored through lib/storage (`path` is the storage key). */
export type StoredMedia = { path: string; mimetype: string; filename: string };

/** What an inbound message carries, normalised from the provider's own shapes. */
export type InboundMessage = {
  /** WhatsApp message id; (connection, wid) is unique */
  wid: string;
  /** the chat: a phone number (digits only) for a person, the group id (digits/dashes) for a group */
  chatId: string;
  isGroup: boolean;
  /** who sent it: the contact's number; in groups the participant's number */
  from: { number: string; name?: string; lid?: string };
  /** the group's subject, for group chats */
  groupName?: string;
  fromMe: boolean;
  body: string;
  /**
   * null: plain text. Locations: `locationMessage` with body `image|link|description`;
   * contacts: `vcard` (body holds the vCard); calls: `call_log`; files: `application`.
   */
  mediaType: null | "image" | "audio" | "video" | "locationMessage" | "vcard" | "application" | "sticker" | "call_log";
  media?: StoredMedia;
  /**
   * A content the product does not render (a poll, an event, an order, a group invite...): the
   * provider's name for it, and `body` is a placeholder naming it ("[poll] Qual horário?"). Stored,
   * counted unread and notified like any message, but it never starts a bot turn, never answers a
   * campaign's confirmation request and is never read as a rating (issue 33 §8).
   */
  unrendered?: string;
  /** wid of the quoted message, when it is a reply */
  quotedWid?: string;
  timestamp: Date;
  /** imported by history sync after downtime: stored without bot reply or notification */
  fromHistory?: boolean;
  /**
   * WhatsApp held it while no socket was up (Baileys' append): stored and notified as a live one;
   * the bot answers it only when `botTurn` (the newest customer message of its chat and batch, no
   * own message after it), it is younger than the held-reply age, and the ticket has no newer
   * message of ours (lib/messages/held-guards.ts)
   */
  held?: { botTurn: boolean };
  raw?: unknown;
};

export type OutboundMessage = {
  /** the id to send with (generated when the outbox row was written) */
  wid: string;
  to: string;
  isGroup: boolean;
  body: string;
  media?: StoredMedia & { type: MediaType; ptt?: boolean };
  quoted?: { wid: string; fromMe: boolean; body: string; participant?: string | null };
};

/** Why a connection is not connected (issue 33 part 4): the provider's code, a reason the page translates. */
export type Disconnect = { code: number | null; reason: DisconnectReason; needsAttention: boolean };

export type ProviderEvent =
  // `disconnect`: why, while it retries (OPENING, TIMEOUT) or after it stopped (DISCONNECTED)
  | { type: "status"; status: ConnectionStatus; number?: string; disconnect?: Disconnect }
  | { type: "qr"; qrcode: string; retries: number }
  | { type: "message"; message: InboundMessage }
  | { type: "ack"; wid: string; ack: 1 | 2 | 3 | 4 | 5 }
  // WhatsApp refused a message we sent (a NACK; the Cloud API's `failed` status): `code` is
  // WhatsApp's error code as text ("463", "479"), "" when it gave none
  | { type: "failed"; wid: string; code: string }
  | { type: "edit"; wid: string; body: string }
  | { type: "delete"; wid: string }
  // profilePicUrl "": the contact has no picture (removed, or none WhatsApp shows us)
  | { type: "contact"; number: string; name?: string; profilePicUrl?: string }
  // the socket was logged out (403 / logged out): the auth state has been cleared
  | { type: "loggedOut" }
  // the code an admin asked for (pairByCode), to be typed on the phone; shown, never stored
  | { type: "pairingCode"; code: string };

export type ProviderContext = {
  companyId: number;
  whatsappId: number;
  emit: (event: ProviderEvent) => void | Promise<void>;
};

/** What `checkNumbers` answers: asked number -> WhatsApp's number, null (not on WhatsApp); absent: unknown. */
export type NumberCheckResults = Map<string, string | null>;

/** One live connection. Methods throw AppError codes of core.md §8 (ERR_WAPP_*). */
export type WhatsAppConnection = {
  start(): Promise<void>;
  /** ends the socket without logging out (worker shutdown or lease loss) */
  stop(): Promise<void>;
  /** logs out and clears the auth state */
  logout(): Promise<void>;
  /** ERR_WAPP_INVALID_CONTACT when the number is not on WhatsApp, ERR_WAPP_CHECK_CONTACT when unknown */
  checkNumber(number: string): Promise<string>;
  /**
   * Many numbers in one lookup (the background check of contact lists). Each asked number, as
   * given, maps to the number as WhatsApp knows it (digits) when it is on WhatsApp, or to null when
   * WhatsApp says it is not; a number it could not tell about (the lookup failed) is left out.
   * ERR_WAPP_NOT_INITIALIZED when not connected. A provider without it is asked one number at a time.
   */
  checkNumbers?(numbers: string[]): Promise<NumberCheckResults>;
  send(message: OutboundMessage): Promise<{ wid: string }>;
  markRead(chatId: string, wids: string[]): Promise<void>;
  edit(chatId: string, wid: string, body: string): Promise<void>;
  deleteForEveryone(chatId: string, wid: string, fromMe: boolean): Promise<void>;
  /**
   * Pairing by code (providers that have it): asks WhatsApp for a code to type on the phone whose
   * number this is (digits with the country code) instead of scanning the QR code; the code comes
   * as a `pairingCode` event once the connection waits for pairing.
   */
  pairByCode?(number: string): Promise<void>;
};

export type ProviderName = "beta" | "sandbox";
export type ProviderFactory = (ctx: ProviderContext) => WhatsAppConnection;

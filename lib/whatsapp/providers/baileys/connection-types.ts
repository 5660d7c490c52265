import type { DbOrTx } from "@/db";
import type { WhatsAppConnection } from "../../types";
import type { InboxDrainDeps } from "../../worker/inbox-drain";
import type { InboxStore } from "../../worker/inbox-store";
import type { PostgresAuthState } from "./auth-state";
import type { DownloadMedia } from "./media-store";
import type { ReconnectLimits } from "./reconnect-policy";
import type { SentMessages } from "./sent-messages";
import type { MakeSocket } from "./socket-types";
import type { VersionDeps } from "./wa-version";
import type { VersionStore } from "./wa-version-store";

// What the `beta` provider (connection.ts) is given and answers.

/** Where the session lives; Postgres unless a test hands in another. */
export type AuthStore = { load(): Promise<PostgresAuthState>; clear(): Promise<void> };

export type BaileysDeps = {
  makeSocket?: MakeSocket;
  db?: DbOrTx;
  authStore?: AuthStore;
  now?: () => Date;
  /**
   * fetches a message's media once (default: Baileys' downloadMediaMessage as a stream, without its
   * re-upload option); the media store asks the phone to upload it again once on a 404 or 410 and
   * fetches again (media-store.ts); `signal` aborts it
   */
  downloadMedia?: DownloadMedia;
  /** how long one media download may take, start to stored (default 2 minutes) */
  mediaTimeoutMs?: number;
  /** files larger than this are not downloaded: stored by name and size, marked too large (default 100 MB) */
  mediaMaxBytes?: number;
  /** history sync imports messages at most this old (default 24 h); older ones are not "missed" */
  historyMaxAgeMs?: number;
  /** where received messages wait until stored (default: whatsapp_inbox); tests hand in one in memory */
  inbox?: InboxStore;
  /**
   * where received messages the inbox could not take before the connection stopped are kept
   * (default DATA_DIR/whatsapp-spool; inbox-spool.ts), and how long stop() waits first (default 10 s)
   */
  spoolDir?: string;
  stopWaitMs?: number;
  /** the inbox's waits: before a row's next attempt (1 s, doubling, at most 5 min), between held bot turns (1 s) */
  inboxTiming?: Pick<InboxDrainDeps, "retryDelayMs" | "heldTurnSpacingMs" | "sleep">;
  /** when it reconnects, stops, or asks an admin to look (tests shorten them) */
  reconnectLimits?: ReconnectLimits;
  /** the WhatsApp Web version: an override, how to ask WhatsApp, where the last one that opened is kept */
  versions?: Pick<VersionDeps, "override" | "fetchLatest" | "timeoutMs"> & { store?: VersionStore };
  /** where sent messages are kept for WhatsApp's retry requests (default: their outbox rows) */
  sentMessages?: SentMessages;
  /** whether the company ignores group messages (shouldIgnoreJid drops groups then); default: never */
  ignoresGroups?: () => Promise<boolean>;
};

export type BaileysConnection = WhatsAppConnection & {
  /** resolves once every event received so far has been handled (tests, orderly shutdown) */
  settled(): Promise<void>;
};

import type { Db } from "@/db";
import type { NumberCheckPace } from "./number-checks";
import type { OutboundMessage, ProviderContext, ProviderEvent, WhatsAppConnection } from "../types";

export type ConnectionRef = { id: number; companyId: number; provider: string };

/**
 * `unsolicited`: a send nobody asked for (a campaign's first row to a recipient, a schedule's or
 * API's row to a silent number), counted by a real number's pacer once it went.
 */
export type ClaimedOutbound = { id: number; companyId: number; message: OutboundMessage; unsolicited?: boolean; ticketId?: number };

/** A campaign message claimed for sending; `checkNumber`: ask the provider first (validity unknown). */
export type ClaimedCampaignMessage = ClaimedOutbound & { checkNumber: boolean };

type Ref = { id: number; companyId: number };

/** The campaign outbox (lib/campaigns): sent after each batch of agents' messages, never before them. */
export type CampaignOutbox = {
  /** `room`: how many recipients may be started now on a paced connection (null: not paced) */
  claim: (whatsappId: number, limit: number, room: number | null) => Promise<ClaimedCampaignMessage[]>;
  /** `number`: the number as WhatsApp knows it, when the provider checked it */
  markSent: (row: Ref & { number?: string }) => Promise<void>;
  markFailed: (row: Ref & { error: string; retry: boolean }) => Promise<void>;
  /** the provider says the number is not on WhatsApp: nothing is sent to it */
  markInvalid: (row: Ref) => Promise<void>;
};

/** Background WhatsApp checks of contact-list numbers (lib/contact-lists), a few per tick per connection. */
export type NumberChecks = {
  claim: (conn: ConnectionRef, limit: number) => Promise<{ id: number; number: string }[]>;
  /** valid: on WhatsApp or not; null: the provider could not tell (checked again later) */
  record: (conn: ConnectionRef, results: { id: number; valid: boolean | null }[]) => Promise<void>;
  /** when a real number's next batch goes (whatsapps.number_check_next_at, the contact list page's progress line); null: none planned */
  planned?: (conn: ConnectionRef, nextAt: Date | null) => Promise<void>;
};

/** What the worker needs from the rest of the product; tests pass fakes. */
export type WorkerDeps = {
  db: () => Db;
  workerId: string;
  providers: string[];
  createConnection: (provider: string, ctx: ProviderContext) => WhatsAppConnection;
  /** writes a provider event (status, QR, inbound message, ack, ...) and publishes it */
  onEvent: (conn: ConnectionRef, event: ProviderEvent) => Promise<void>;
  outbox: {
    /** `room`: how many tickets' unsolicited sends may go now on a paced connection (null: not paced) */
    claim: (whatsappId: number, limit: number, room: number | null) => Promise<ClaimedOutbound[]>;
    markSent: (row: { id: number; companyId: number }) => Promise<void>;
    markFailed: (row: { id: number; companyId: number; error: string; retry: boolean }) => Promise<void>;
  };
  campaignOutbox?: CampaignOutbox;
  numberChecks?: NumberChecks;
  /** numbers checked per tick and connection (rate limit of the background check; the sandbox) */
  numberChecksPerTick?: number;
  /** the background check of a real number (`beta`): numbers per batch, the wait between batches, a daily cap */
  numberCheckPace?: NumberCheckPace;
  /** false: no send pacer even on a real number (tests of other things); default on for all but the sandbox */
  sendPacing?: boolean;
  leaseMs?: number;
  tickMs?: number;
  log?: (line: string) => void;
};

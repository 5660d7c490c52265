import type { Db } from "@/db";
import type { OutboundMessage, ProviderContext, ProviderEvent, WhatsAppConnection } from "../types";

export type ConnectionRef = { id: number; companyId: number; provider: string };

export type ClaimedOutbound = { id: number; companyId: number; message: OutboundMessage };

/** What the worker needs from the rest of the product; tests pass fakes. */
export type WorkerDeps = {
  db: () => Db;
  workerId: string;
  providers: string[];
  createConnection: (provider: string, ctx: ProviderContext) => WhatsAppConnection;
  /** writes a provider event (status, QR, inbound message, ack, ...) and publishes it */
  onEvent: (conn: ConnectionRef, event: ProviderEvent) => Promise<void>;
  outbox: {
    claim: (whatsappId: number, limit: number) => Promise<ClaimedOutbound[]>;
    markSent: (row: { id: number; companyId: number }) => Promise<void>;
    markFailed: (row: { id: number; companyId: number; error: string; retry: boolean }) => Promise<void>;
  };
  leaseMs?: number;
  tickMs?: number;
  log?: (line: string) => void;
};

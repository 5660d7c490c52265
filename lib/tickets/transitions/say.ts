import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "@/db";
import { companies, whatsapps } from "@/db/schema";
import { insertBotMessage } from "@/lib/chatbot/queue-bot-message";
import type { MessageView } from "@/lib/messages/message-view";
import { getCompanySettings, type CompanySettings } from "@/lib/settings/get-company-settings";
import type { LockedTicket } from "./locked-ticket";

/**
 * What one transition needs besides the ticket: the moment it happens (every timestamp it writes),
 * and, read once when a step asks, the company's settings and the connection's texts.
 */
export class StepContext {
  readonly said: MessageView[] = [];
  /** the connections whose worker has new outbox rows to send */
  readonly wake = new Set<number>();
  private settings?: Promise<CompanySettings>;

  constructor(
    readonly tx: Tx,
    readonly companyId: number,
    readonly now: Date = new Date(),
  ) {}

  companySettings(): Promise<CompanySettings> {
    this.settings ??= getCompanySettings(this.tx, this.companyId);
    return this.settings;
  }

  async timezone(): Promise<string> {
    const [c] = await this.tx.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, this.companyId));
    return c?.timezone ?? "America/Sao_Paulo";
  }

  /** The connection's completion and rating texts ("" when unset or no connection). */
  async connectionTexts(whatsappId: number | null): Promise<{ complation: string; rating: string }> {
    if (whatsappId === null) return { complation: "", rating: "" };
    const [w] = await this.tx
      .select({ complation: sql<string>`trim(${whatsapps.complationMessage})`, rating: sql<string>`trim(${whatsapps.ratingMessage})` })
      .from(whatsapps)
      .where(and(eq(whatsapps.id, whatsappId), eq(whatsapps.companyId, this.companyId)));
    return w ?? { complation: "", rating: "" };
  }

  /**
   * Queues a message to the customer (an outbox row, sent by the worker after the commit).
   * Nothing for a ticket without a connection or a blank text.
   */
  async say(t: Pick<LockedTicket, "id" | "whatsappId">, body: string): Promise<MessageView | null> {
    const text = body.trim();
    if (!text || t.whatsappId === null) return null;
    const view = await insertBotMessage(this.tx, { id: t.id, companyId: this.companyId, whatsappId: t.whatsappId }, text);
    this.said.push(view);
    this.wake.add(t.whatsappId);
    return view;
  }
}

/** The ticket's key for tracking calls. */
export const refOf = (s: StepContext, t: Pick<LockedTicket, "id">) => ({ companyId: s.companyId, ticketId: t.id });

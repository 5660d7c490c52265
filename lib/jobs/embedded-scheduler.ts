import type { Db } from "@/db";
import { createBotTurnLoop } from "@/lib/bots/runner/loop";
import { dispatchDue, startDueCampaigns } from "@/lib/campaigns/dispatch";
import { runTicketTimers } from "@/lib/chatbot/ticket-timers";
import { getEnv } from "@/lib/env";
import { runBilling } from "@/lib/invoices/run-billing";
import { deliverMail } from "@/lib/mail/deliver-mail";
import { sendDueSchedules } from "@/lib/schedules/send-due-schedule";
import { deliverWebhooks } from "@/lib/webhooks/deliver-webhooks";

type Options = {
  db: () => Db;
  intervalMs?: number;
  /** schedules (and tickets per timed rule) handled per pass */
  limit?: number;
  log?: (line: string) => void;
  /** the clock the timed ticket rules judge "due" by (tests move it instead of sleeping) */
  now?: () => Date;
  /** how often the billing part runs (invoices, reminders, lock-outs: daily matters, not seconds) */
  billingEveryMs?: number;
  /** how often the bot-turn loop looks for due turns without a wake (0: no bot-turn loop) */
  botTurnsEveryMs?: number;
};

/**
 * The scheduler used when no Inngest server is configured (ARCHITECTURE rule 7): a timer in the
 * WhatsApp worker calling the same idempotent services the Inngest functions call: scheduled
 * messages, then the timed ticket rules (auto-transfer, expiry), mail retries (lib/mail), billing
 * (lib/invoices, once a minute) and campaigns (lib/campaigns/dispatch: due ones start, due
 * recipients are queued; a full batch repeats the pass at once, and the next recipient's turn
 * wakes the timer early, so the intervals, not the timer, pace a campaign). Bot turns (lib/bots/
 * runner) run in their own loop beside the pass, woken at once when this process writes one (a
 * provider may take 20 s: the pass does not wait for it). Running it beside
 * Inngest, or in two workers, still does each thing once (the services claim rows with SKIP
 * LOCKED inside one transaction, or write on a unique key).
 */
export function createEmbeddedScheduler({
  db,
  intervalMs = 5000,
  limit = 50,
  log = (l) => console.log(`[scheduler] ${l}`),
  now = () => new Date(),
  billingEveryMs = 60_000,
  botTurnsEveryMs = 2000,
}: Options) {
  const botTurns = botTurnsEveryMs > 0 ? createBotTurnLoop({ db, intervalMs: botTurnsEveryMs, log }) : null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  let billingAt = 0;
  let wake: NodeJS.Timeout | null = null;

  // a campaign's next recipient is due before the next tick: tick then (intervals of a few seconds)
  function wakeAt(at: Date | null) {
    if (!at || !timer || stopped) return;
    const ms = at.getTime() - now().getTime();
    if (ms >= intervalMs) return;
    if (wake) clearTimeout(wake);
    wake = setTimeout(() => {
      wake = null;
      void tick();
    }, Math.max(ms, 0) + 10);
  }

  // each part answers whether it handled a full batch (more may be waiting)
  async function schedulesPart(): Promise<boolean> {
    const { sent, failed, outcomes } = await sendDueSchedules(db(), limit);
    if (sent) log(`sent ${sent} scheduled message(s)`);
    for (const o of outcomes) if (o.status === "ERRO") log(`schedule ${o.id} failed: ${o.error}`);
    return sent + failed >= limit;
  }

  async function ticketTimersPart(): Promise<boolean> {
    const { transferred, closed, full } = await runTicketTimers(db(), now(), limit);
    if (transferred) log(`moved ${transferred} waiting ticket(s) to their transfer queue`);
    if (closed) log(`closed ${closed} inactive ticket(s)`);
    return full;
  }

  // mail whose next attempt is due (retries; fresh mail leaves right after its commit)
  async function mailPart(): Promise<boolean> {
    const { sent, retrying, failed, full, errors } = await deliverMail(db(), { limit, now: now() });
    if (sent) log(`sent ${sent} mail(s)`);
    for (const e of errors) log(`mail ${e.id} not sent: ${e.error}`);
    if (retrying || failed) log(`${retrying} mail(s) to retry, ${failed} given up`);
    return full;
  }

  // signed webhooks due (new events and retries after their backoff: lib/webhooks)
  async function webhooksPart(): Promise<boolean> {
    const { delivered, retrying, failed, full } = await deliverWebhooks(db(), { limit, now: now() });
    if (delivered) log(`delivered ${delivered} webhook(s)`);
    if (retrying || failed) log(`${retrying} webhook(s) to retry, ${failed} given up`);
    return full;
  }

  // the next period's invoices, the due-date reminders and the lock-outs (lib/invoices/run-billing)
  async function billingPart(): Promise<boolean> {
    const at = now();
    if (at.getTime() - billingAt < billingEveryMs) return false;
    billingAt = at.getTime();
    const { invoices, reminders, lockouts } = await runBilling(db(), at, getEnv().INVOICE_DAYS_BEFORE_DUE);
    if (invoices) log(`made ${invoices} invoice(s) for the next period`);
    if (reminders) log(`queued ${reminders} due-date reminder(s)`);
    if (lockouts) log(`locked out ${lockouts} company(ies) past their due date`);
    return false;
  }

  // campaigns due start, then the recipients whose turn has come are queued (one claim each)
  async function campaignsPart(): Promise<boolean> {
    const at = now();
    const { started, full: moreToStart } = await startDueCampaigns(db(), at, limit);
    if (started.length) log(`started campaign(s) ${started.join(", ")}`);
    const { queued, full, nextDueAt } = await dispatchDue(db(), at, { limit });
    if (queued) log(`queued ${queued} campaign message(s)`);
    if (!full) wakeAt(nextDueAt);
    return full || moreToStart;
  }

  async function pass() {
    // one part failing (a bad row, the database away for a moment) does not hold the other back
    const results = await Promise.all(
      [schedulesPart, ticketTimersPart, mailPart, webhooksPart, billingPart, campaignsPart].map((part) =>
        part().catch((err) => {
          log(`pass failed: ${(err as Error).message}`);
          return false;
        }),
      ),
    );
    // a full pass means more may be waiting: go again without waiting for the timer
    if (results.some(Boolean) && !stopped) await pass();
  }

  /** One pass; a call while one runs shares it. */
  function tick(): Promise<void> {
    if (stopped) return Promise.resolve();
    running ??= pass()
      .catch((err) => log(`pass failed: ${(err as Error).message}`))
      .finally(() => (running = null));
    return running;
  }

  return {
    tick,
    /** one drain of the due bot turns (tests call it instead of waiting for the loop) */
    botTurns: () => botTurns?.tick() ?? Promise.resolve(),
    start() {
      stopped = false;
      botTurns?.start();
      timer ??= setInterval(() => void tick(), intervalMs);
      void tick();
    },
    async stop() {
      stopped = true;
      await botTurns?.stop();
      if (timer) clearInterval(timer);
      if (wake) clearTimeout(wake);
      timer = null;
      wake = null;
      await running;
    },
  };
}

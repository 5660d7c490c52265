import type { BotAction, BotContext, BotProvider, BotSession } from "@/lib/bots/types";
import { loadBotIntegration, type BotIntegration } from "@/lib/queue-integrations/bot-integration";
import { bubbleText, choiceItems, choicesText, replyFor, type TypebotAnswer } from "./bubbles";
import { continueChat, startChat, TypebotRefused, TypebotSessionGone } from "./client";

/** What the provider keeps per ticket (BotSession.data). */
type TypebotState = { sessionId?: string; inputId?: string; choices?: string[] };

const sameWord = (text: string, keyword: string) => !!keyword.trim() && text.trim().toLowerCase() === keyword.trim().toLowerCase();

// with no session store (a caller that keeps none) every message starts a chat
const NO_SESSION: BotSession = { data: {}, save: async () => {}, clear: async () => {} };

/**
 * Typebot (its chat API, v1): a chat is started with the integration's slug on the ticket's first
 * message (or when the last one expired after `typebotExpires` minutes of silence, or Typebot forgot
 * it) and continued with each customer message. Bubbles are sent in order with `typebotDelayMessage`
 * ms (wait actions) between them. Keywords, compared trimmed and case-insensitively, before Typebot
 * sees the text: `typebotKeywordFinish` forgets the chat and hands the ticket to an agent;
 * `typebotKeywordRestart` forgets it, sends `typebotRestartMessage` and starts again. A reply Typebot
 * refuses (400, or the same input asked again) gets `typebotUnknownMessage` when one is set (else
 * Typebot's own retry bubbles). A flow that ends (no input awaited) answers `end`.
 */
export const typebotProvider: BotProvider = {
  async turn(ctx: BotContext): Promise<BotAction[]> {
    const integration = await loadBotIntegration(ctx);
    const session = ctx.session ?? NO_SESSION;
    const state = session.data as TypebotState;
    const text = ctx.body.trim();

    if (sameWord(text, integration.typebotKeywordFinish)) {
      await session.clear();
      return [{ type: "handoff" }];
    }
    if (sameWord(text, integration.typebotKeywordRestart)) {
      await session.clear();
      const started = await start(ctx, integration);
      return finish(ctx, integration, session, started, integration.typebotRestartMessage.trim());
    }
    if (!state.sessionId) return finish(ctx, integration, session, await start(ctx, integration));

    let answer: TypebotAnswer;
    try {
      answer = await continueChat(integration.urlN8N, state.sessionId, replyFor(text || ctx.mediaType || "", state.choices), ctx.signal);
    } catch (err) {
      if (err instanceof TypebotSessionGone) return finish(ctx, integration, session, await start(ctx, integration));
      if (err instanceof TypebotRefused) return refused(ctx, integration, session, state, null);
      throw err;
    }
    if (state.inputId && answer.input?.id === state.inputId) return refused(ctx, integration, session, state, answer);
    return finish(ctx, integration, session, { ...answer, sessionId: state.sessionId });
  },
};

function start(ctx: BotContext, integration: BotIntegration) {
  return startChat(integration.urlN8N, integration.typebotSlug, { number: ctx.contact.number, name: ctx.contact.name }, ctx.signal);
}

const expiry = (integration: BotIntegration) =>
  integration.typebotExpires > 0 ? new Date(Date.now() + integration.typebotExpires * 60_000) : null;

/** The bubbles (and a choice list) as texts with the delay between them. */
function spaced(integration: BotIntegration, texts: string[]): BotAction[] {
  const out: BotAction[] = [];
  for (const body of texts.filter(Boolean)) {
    if (out.length && integration.typebotDelayMessage > 0) out.push({ type: "wait", ms: integration.typebotDelayMessage });
    out.push({ type: "text", body });
  }
  return out;
}

async function finish(ctx: BotContext, integration: BotIntegration, session: BotSession, answer: TypebotAnswer, before = "") {
  const texts = [before, ...(answer.messages ?? []).map(bubbleText), choicesText(answer.input)];
  const actions = spaced(integration, texts);
  if (!answer.input) {
    // the flow is over: the next message starts it again
    await session.clear();
    return [...actions, { type: "end" } as const];
  }
  const state: TypebotState = { sessionId: answer.sessionId, inputId: answer.input.id, choices: choiceItems(answer.input) };
  await session.save(state, expiry(integration));
  return actions;
}

async function refused(ctx: BotContext, integration: BotIntegration, session: BotSession, state: TypebotState, answer: TypebotAnswer | null) {
  await session.save(state, expiry(integration)); // still waiting for the same input: the silence restarts
  const unknown = integration.typebotUnknownMessage.trim();
  if (unknown) return spaced(integration, [unknown, choicesText(answer?.input)]);
  return spaced(integration, [...(answer?.messages ?? []).map(bubbleText), choicesText(answer?.input)]);
}

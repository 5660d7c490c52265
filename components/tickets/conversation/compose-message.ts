import { fillMessageVariables, type Greetings } from "@/lib/messages/message-variables";

export type ComposeContext = {
  contactName: string;
  ticketId: number;
  agentName: string;
  signed: boolean;
  greetings: Greetings;
  now?: Date;
};

/**
 * The body as sent: variables filled in, then the signature "*Agent*:\n" in front when the
 * agent signs (spec core §2; the option is stored locally, default on). Blank text is null:
 * it is never sent.
 */
export function composeBody(text: string, ctx: ComposeContext): string | null {
  if (!text.trim()) return null;
  const filled = fillMessageVariables(text.trim(), ctx);
  return ctx.signed && ctx.agentName.trim() ? `*${ctx.agentName.trim()}*:\n${filled}` : filled;
}

/** A caption for attachments: the same rules, but an empty caption is just empty. */
export function composeCaption(text: string, ctx: ComposeContext): string {
  return composeBody(text, ctx) ?? "";
}

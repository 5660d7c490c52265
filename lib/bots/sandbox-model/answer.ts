import { HANDOFF_MARKER } from "@/lib/bots/providers/openai/handoff";
import { intentOf } from "./intents";
import { conversationLanguage } from "./language";
import { REPLIES } from "./replies";

/** One chat message as the sandbox model reads it (content already flattened to text). */
export type ChatTurn = { role: string; content: string };

/** The customer's first name from our system message line `The customer's name is "Maria Souza".` */
export function customerFirstName(system: string): string {
  const m = /The customer's name is "((?:[^"\\]|\\.)*)"/.exec(system);
  if (!m) return "";
  try {
    return String(JSON.parse(`"${m[1]}"`)).trim().split(/\s+/)[0] ?? "";
  } catch {
    return "";
  }
}

/**
 * The sandbox model's answer to a conversation: deterministic rules on the customer's last
 * message, in the conversation's language. A request for a person answers a short text and the
 * hand-off marker (the provider sends the text, then hands the ticket to an agent); the shop's
 * topics (prices, hours, delivery) answer their facts; a greeting or a menu choice, an
 * introduction with what it can answer; anything else, that list.
 */
export function sandboxAnswer(messages: ChatTurn[]): string {
  const customer = messages.filter((m) => m.role === "user").map((m) => m.content);
  const others = messages.filter((m) => m.role !== "user").map((m) => m.content);
  const last = customer.at(-1) ?? "";
  const r = REPLIES[conversationLanguage(customer, others)];
  const intent = intentOf(last);
  if (intent.human) return `${r.human} ${HANDOFF_MARKER}`;
  if (intent.topics.length) return intent.topics.map((t) => r[t]).join(" ");
  if (intent.thanks) return r.thanks;
  if (intent.greeting) {
    const system = messages.filter((m) => m.role === "system" || m.role === "developer").map((m) => m.content).join("\n");
    const name = customerFirstName(system);
    return `${name ? r.greetingNamed.replace("{name}", name) : r.greeting} ${r.unknown}`;
  }
  return r.unknown;
}

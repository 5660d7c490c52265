/**
 * The hand-off marker: a prompt tells the model to answer it (e.g. "Se o cliente pedir um atendente
 * humano, responda apenas [[ATENDENTE]]") and an answer containing it hands the ticket to an agent
 * (pending in its queue). The marker is never sent to the customer: the rest of the answer, if any,
 * is sent first. Matched without regard to case or spaces inside the brackets.
 */
export const HANDOFF_MARKER = "[[ATENDENTE]]";

const MARKER = /\[\[\s*atendente\s*\]\]/gi;

/** The answer without the marker(s), and whether it asked for an agent. */
export function splitHandoff(answer: string): { text: string; handoff: boolean } {
  const handoff = MARKER.test(answer);
  MARKER.lastIndex = 0;
  if (!handoff) return { text: answer.trim(), handoff };
  const text = answer
    .replace(MARKER, " ")
    .split("\n")
    .map((l) => l.replace(/[ \t]{2,}/g, " ").trimEnd())
    .join("\n")
    .trim();
  return { text, handoff };
}

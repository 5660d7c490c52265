import { randomUUID } from "node:crypto";
import { sendJson, startHttpStub } from "./http-stub";

/** A bubble: a text ("{{0}}", "{{1}}"... are the answers given so far) or an image URL. */
export type StubBubble = string | { image: string };
/** One step of a flow: bubbles, then the input it waits for (none: the flow ends there). */
export type StubStep = { bubbles: StubBubble[]; input?: { type: "text input" | "email input" | "choice input"; items?: string[] } };

export const RETRY_MESSAGE = "Resposta inválida, tente de novo.";

/**
 * The flow the "two-questions" bot runs: a greeting and the name, then the e-mail (validated), then
 * an open question the customer ends with the finish keyword; answering it ends the flow.
 */
export const TWO_QUESTIONS: StubStep[] = [
  { bubbles: ["Olá! Eu sou o bot.", "Qual é o seu nome?"], input: { type: "text input" } },
  { bubbles: ["Prazer, {{0}}!", "Qual é o seu e-mail?"], input: { type: "email input" } },
  { bubbles: ["Obrigado! Digite sair para falar com um atendente."], input: { type: "text input" } },
  { bubbles: ["Até logo!"] },
];

const textBubble = (id: string, text: string) => ({ id, type: "text", content: { type: "richText", richText: [{ type: "p", children: [{ text }] }] } });

/**
 * A Typebot viewer (chat API v1): POST /api/v1/typebots/{slug}/startChat and
 * POST /api/v1/sessions/{id}/continueChat, for the flows given by slug ("two-questions" by default).
 * An email input refuses text without "@", a choice input text that is no item: both answer the
 * retry bubble with the same input again. An unknown session answers 404.
 */
export async function startTypebotStub(flows: Record<string, StubStep[]> = { "two-questions": TWO_QUESTIONS }) {
  const sessions = new Map<string, { slug: string; step: number; answers: string[] }>();
  const render = (sessionId: string, steps: StubStep[], step: number, answers: string[]) => {
    const s = steps[step];
    const messages = s.bubbles.map((b, i) =>
      typeof b === "string"
        ? textBubble(`b${step}-${i}`, b.replace(/\{\{(\d+)\}\}/g, (_, n: string) => answers[Number(n)] ?? ""))
        : { id: `b${step}-${i}`, type: "image", content: { url: b.image } },
    );
    if (!s.input) sessions.delete(sessionId);
    const input = s.input
      ? { id: `input-${step}`, type: s.input.type, ...(s.input.items ? { items: s.input.items.map((content, i) => ({ id: `item-${i}`, content })) } : {}), options: {} }
      : undefined;
    return { sessionId, typebot: { id: "stub", version: "6" }, messages, ...(input ? { input } : {}) };
  };
  const stub = await startHttpStub((req, res) => {
    const start = /^\/api\/v1\/typebots\/([^/]+)\/startChat$/.exec(req.path);
    const next = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(req.path);
    if (req.method === "POST" && start) {
      const slug = decodeURIComponent(start[1]);
      const steps = flows[slug];
      if (!steps) return sendJson(res, 404, { message: "Typebot not found", code: "NOT_FOUND" });
      const id = randomUUID();
      sessions.set(id, { slug, step: 0, answers: [] });
      return sendJson(res, 200, render(id, steps, 0, []));
    }
    if (req.method === "POST" && next) {
      const id = decodeURIComponent(next[1]);
      const s = sessions.get(id);
      if (!s) return sendJson(res, 404, { message: "Session not found.", code: "NOT_FOUND" });
      const steps = flows[s.slug];
      const text = String((req.json as { message?: { text?: unknown } })?.message?.text ?? "");
      const input = steps[s.step].input!;
      const bad =
        (input.type === "email input" && !text.includes("@")) ||
        (input.type === "choice input" && !(input.items ?? []).some((it) => it.toLowerCase() === text.trim().toLowerCase()));
      if (bad) return sendJson(res, 200, { messages: [textBubble("retry", RETRY_MESSAGE)], input: render(id, steps, s.step, s.answers).input });
      s.answers.push(text);
      s.step += 1;
      return sendJson(res, 200, render(id, steps, s.step, s.answers));
    }
    sendJson(res, 404, { message: "no such route" });
  });
  return {
    ...stub,
    sessions,
    /** Typebot forgets a session (its own expiry) */
    forget(id: string) {
      sessions.delete(id);
    },
    /** the requests of one kind */
    starts: () => stub.requests.filter((r) => r.path.endsWith("/startChat")),
    continues: () => stub.requests.filter((r) => r.path.endsWith("/continueChat")),
  };
}

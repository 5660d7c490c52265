import type { Db } from "@/db";
import type { TenantContext } from "@/lib/api/context";
import { detectIntent, endsConversation, fulfilmentTexts } from "@/lib/bots/providers/dialogflow/client";
import { openSecret } from "@/lib/crypto/secret-box";
import { loadIntegration } from "./integration-view";
import { readServiceAccount, type TestSessionInput } from "./schemas";

const GREETING = { "pt-BR": "Olá", en: "Hello", es: "Hola" } as const;

export type TestSessionResult =
  | { ok: true; answer: string; intent: string; endConversation: boolean }
  | { ok: false; error: string };

/**
 * POST /queueIntegration/testSession: one test message (`text`, or a greeting in the language) to
 * the Dialogflow agent with the JSON sent, or with the stored JSON of integration `id` when the
 * dialog edits one and left the JSON empty. Bad input is a 400; what Dialogflow answers, or why it
 * could not be reached (refused credentials, timeout, blocked address), is the 200 answer's result.
 */
export async function testDialogflowSession(db: Db, ctx: TenantContext, input: TestSessionInput): Promise<TestSessionResult> {
  let json = input.jsonContent.trim();
  if (!json && input.id !== undefined) {
    const row = await loadIntegration(db, ctx.companyId, input.id);
    json = (row.jsonContent && openSecret(row.jsonContent)) || "";
  }
  const sa = readServiceAccount(json);
  if (typeof sa === "string") return { ok: false, error: "The service-account JSON is missing or invalid" };
  try {
    const result = await detectIntent(sa, {
      projectId: input.projectName || sa.project_id,
      sessionId: `test-${ctx.companyId}-${ctx.userId}`,
      text: input.text || GREETING[input.language],
      languageCode: input.language,
    });
    return { ok: true, answer: fulfilmentTexts(result).join("\n"), intent: result.intent?.displayName ?? "", endConversation: endsConversation(result) };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}

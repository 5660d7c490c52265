import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { testSessionSchema } from "@/lib/queue-integrations/schemas";
import { testDialogflowSession } from "@/lib/queue-integrations/test-session";

// POST /api/queueIntegration/testSession — `{ projectName, jsonContent, language, id?, text? }`: one
// Dialogflow test message; answers `{ ok: true, answer, intent, endConversation }` or `{ ok: false, error }`.
export const POST = route({ access: "admin", body: testSessionSchema }, async ({ ctx, body }) => testDialogflowSession(getDb(), ctx, body));

import { createVerify, generateKeyPairSync, randomUUID } from "node:crypto";
import { sendJson, startHttpStub } from "./http-stub";

export type StubIntent = { displayName: string; texts: string[]; endInteraction?: boolean };

/**
 * The default agent: "tchau" or "atendente" in the text is an end-of-conversation intent
 * (fulfilment "Vou chamar um atendente."); anything else is answered "Você disse: <text>".
 */
export const defaultAgent = (text: string): StubIntent =>
  /tchau|atendente/i.test(text)
    ? { displayName: "Encerrar", texts: ["Vou chamar um atendente."], endInteraction: true }
    : { displayName: "Default Fallback Intent", texts: [`Você disse: ${text}`] };

const b64json = (s: string) => JSON.parse(Buffer.from(s, "base64url").toString("utf8")) as Record<string, unknown>;

/**
 * Google's OAuth token endpoint and Dialogflow ES's detectIntent (REST v2), on one local server.
 * POST /token checks the JWT assertion's RS256 signature against the key of `serviceAccount()`
 * (another key: 400 invalid_grant); POST /v2/projects/{p}/agent/sessions/{s}:detectIntent checks
 * the bearer token and answers `agent(text)`'s fulfilment (texts twice: fulfillmentText and
 * fulfillmentMessages). `detects` records project, session, language and text of every call.
 */
export async function startDialogflowStub(agent: (text: string) => StubIntent = defaultAgent) {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const issued = new Set<string>();
  const detects: { project: string; session: string; languageCode: string; text: string }[] = [];
  const stub = await startHttpStub((req, res) => {
    if (req.method === "POST" && req.path === "/token") {
      const assertion = new URLSearchParams(req.body).get("assertion") ?? "";
      const [h, p, sig] = assertion.split(".");
      const ok = !!sig && createVerify("RSA-SHA256").update(`${h}.${p}`).verify(publicKey, sig, "base64url");
      if (!ok) return sendJson(res, 400, { error: "invalid_grant", error_description: "Invalid JWT Signature." });
      const claims = b64json(p);
      if (claims.aud !== `${stub.url}/token`) return sendJson(res, 400, { error: "invalid_grant", error_description: "bad audience" });
      const token = randomUUID();
      issued.add(token);
      return sendJson(res, 200, { access_token: token, expires_in: 3599, token_type: "Bearer" });
    }
    const m = /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/:]+):detectIntent$/.exec(req.path);
    if (req.method === "POST" && m) {
      const token = String(req.headers.authorization ?? "").replace(/^Bearer /, "");
      if (!issued.has(token)) return sendJson(res, 401, { error: { code: 401, message: "Request had invalid authentication credentials.", status: "UNAUTHENTICATED" } });
      const q = (req.json as { queryInput?: { text?: { text?: string; languageCode?: string } } })?.queryInput?.text ?? {};
      detects.push({ project: decodeURIComponent(m[1]), session: decodeURIComponent(m[2]), languageCode: q.languageCode ?? "", text: q.text ?? "" });
      const intent = agent(q.text ?? "");
      return sendJson(res, 200, {
        responseId: randomUUID(),
        queryResult: {
          queryText: q.text,
          languageCode: q.languageCode,
          fulfillmentText: intent.texts.join("\n"),
          fulfillmentMessages: intent.texts.map((t) => ({ text: { text: [t] } })),
          intent: { name: "projects/x/agent/intents/1", displayName: intent.displayName, endInteraction: !!intent.endInteraction },
          ...(intent.endInteraction ? { diagnosticInfo: { end_conversation: true } } : {}),
        },
      });
    }
    sendJson(res, 404, { error: { code: 404, message: "not found" } });
  });
  /** A service-account JSON whose token_uri is this stub (`wrongKey`: signed by a key the stub refuses). */
  const serviceAccount = (opts: { wrongKey?: boolean; projectId?: string } = {}) => {
    const key = opts.wrongKey ? generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey : privateKey;
    return JSON.stringify({
      type: "service_account",
      project_id: opts.projectId ?? "stub-project",
      private_key_id: "k1",
      private_key: key.export({ type: "pkcs8", format: "pem" }).toString(),
      client_email: "bot@stub-project.iam.gserviceaccount.com",
      client_id: "1",
      token_uri: `${stub.url}/token`,
    });
  };
  return { ...stub, detects, serviceAccount };
}

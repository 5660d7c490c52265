import { describe, expect, it } from "vitest";
import { createIntegrationSchema, integrationFormSchema, readServiceAccount, updateIntegrationSchema } from "@/lib/queue-integrations/schemas";

// The per-type rules of admin §5 and the defaults of §9, as the API and the dialog apply them.
const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join(".")}:${i.message}`);
const sa = JSON.stringify({ project_id: "p", client_email: "bot@p.iam.gserviceaccount.com", private_key: "-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----\n" });

describe("createIntegrationSchema", () => {
  it("n8n, webhook and typebot: projectName = name, URL required (http or https), defaults", () => {
    for (const type of ["n8n", "webhook"] as const) {
      const v = createIntegrationSchema.parse({ type, name: " Fluxo ", projectName: "other", urlN8N: "http://n8n.example.com/webhook/1", jsonContent: sa });
      expect(v).toMatchObject({ type, name: "Fluxo", projectName: "Fluxo", jsonContent: "", language: "pt-BR", typebotDelayMessage: 1000, typebotExpires: 1 });
      expect(issues(createIntegrationSchema.safeParse({ type, name: "Fluxo" }))).toEqual(["urlN8N:required"]);
      expect(issues(createIntegrationSchema.safeParse({ type, name: "Fluxo", urlN8N: "javascript:alert(1)" }))).toEqual(["urlN8N:invalidUrl"]);
    }
    expect(issues(createIntegrationSchema.safeParse({ type: "typebot", name: "Bot", urlN8N: "https://typebot.io" }))).toEqual(["typebotSlug:required"]);
    expect(createIntegrationSchema.parse({ type: "typebot", name: "Bot", urlN8N: "https://typebot.io", typebotSlug: "my-bot", typebotDelayMessage: "500" })).toMatchObject({
      projectName: "Bot",
      typebotSlug: "my-bot",
      typebotDelayMessage: 500,
      typebotExpires: 1,
    });
  });

  it("dialogflow: projectName and a service-account JSON required, no URL kept", () => {
    expect(issues(createIntegrationSchema.safeParse({ type: "dialogflow", name: "Agente" }))).toEqual(["projectName:required", "jsonContent:required"]);
    const v = createIntegrationSchema.parse({ type: "dialogflow", name: "Agente", projectName: "p", jsonContent: sa, language: "en", urlN8N: "https://x.example.com", typebotSlug: "s" });
    expect(v).toMatchObject({ projectName: "p", language: "en", urlN8N: "", typebotSlug: "", jsonContent: sa });
  });

  it("name 2-50, known types and languages, bounded numbers", () => {
    expect(issues(createIntegrationSchema.safeParse({ type: "webhook", name: "", urlN8N: "https://h.example.com" }))).toEqual(["name:required"]);
    expect(issues(createIntegrationSchema.safeParse({ type: "webhook", name: "a", urlN8N: "https://h.example.com" }))).toEqual(["name:tooShort"]);
    expect(issues(createIntegrationSchema.safeParse({ type: "x", name: "ab" }))).toEqual(["type:invalidType"]);
    expect(issues(createIntegrationSchema.safeParse({ type: "webhook", name: "ab", urlN8N: "https://h.example.com", language: "de" }))).toEqual(["language:invalidLanguage"]);
    expect(createIntegrationSchema.safeParse({ type: "typebot", name: "ab", urlN8N: "https://t.io", typebotSlug: "s", typebotDelayMessage: -1 }).success).toBe(false);
  });

  it("update: an empty JSON is allowed (the stored one is kept)", () => {
    expect(updateIntegrationSchema.parse({ type: "dialogflow", name: "Agente", projectName: "p" }).jsonContent).toBe("");
  });

  it("the dialog's form needs the JSON only when none is stored", () => {
    const form = { type: "dialogflow", name: "Agente", projectName: "p", jsonContent: "", language: "pt-BR", urlN8N: "", typebotSlug: "" };
    expect(issues(integrationFormSchema.safeParse({ ...form, jsonSet: false }))).toEqual(["jsonContent:required"]);
    expect(integrationFormSchema.safeParse({ ...form, jsonSet: true }).success).toBe(true);
    // every issue at once: the type's rules run even when the name is missing
    expect(issues(integrationFormSchema.safeParse({ type: "typebot", name: "", jsonSet: false }))).toEqual(["name:required", "urlN8N:required", "typebotSlug:required"]);
  });
});

describe("readServiceAccount", () => {
  it("needs JSON with project_id, client_email and private_key; token_uri must be http(s)", () => {
    expect(readServiceAccount("nope")).toBe("invalidJson");
    expect(readServiceAccount("[]")).toBe("invalidJson");
    expect(readServiceAccount('{"project_id":"p","client_email":"e"}')).toBe("jsonFields");
    expect(readServiceAccount(JSON.stringify({ ...JSON.parse(sa), token_uri: "file:///etc/passwd" }))).toBe("jsonFields");
    expect(readServiceAccount(sa)).toMatchObject({ project_id: "p", client_email: "bot@p.iam.gserviceaccount.com" });
  });
});

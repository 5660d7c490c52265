import { describe, expect, it } from "vitest";
import { sealSecret } from "@/lib/crypto/secret-box";
import { keyState } from "@/lib/prompts/prompt-view";
import { createPromptSchema, NEURAL_VOICES, promptFormSchema, updatePromptSchema, VOICES } from "@/lib/prompts/schemas";

// Prompt schemas (admin §3, §5, §9; issue 17 §1) and what the browser sees of a key.
const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join(".")}:${i.message}`);

describe("createPromptSchema", () => {
  it("fills the spec's defaults", () => {
    expect(createPromptSchema.parse({ name: " Bot ", prompt: "Seja breve.", queueId: "3" })).toEqual({
      name: "Bot", prompt: "Seja breve.", queueId: 3, voice: "texto", voiceKey: "", voiceRegion: "", maxTokens: 100, temperature: 1, apiKey: "", maxMessages: 10, baseUrl: "",
    });
  });
  it("requires the queue ('Informe o setor')", () => {
    expect(issues(createPromptSchema.safeParse({ name: "Bot", prompt: "x" }))).toEqual(["queueId:queueRequired"]);
    expect(issues(createPromptSchema.safeParse({ name: "Bot", prompt: "x", queueId: null }))).toEqual(["queueId:queueRequired"]);
    expect(issues(createPromptSchema.safeParse({ name: "Bot", prompt: "x", queueId: 0 }))).toEqual(["queueId:queueRequired"]);
  });
  it("voices: text or 15 Brazilian Portuguese neural voices", () => {
    expect(NEURAL_VOICES).toHaveLength(15);
    expect(NEURAL_VOICES.every((v) => /^pt-BR-[A-Z][a-z]+Neural$/.test(v))).toBe(true);
    expect(VOICES[0]).toBe("texto");
  });
  it("baseUrl: http(s) without credentials, trailing slashes dropped; region: letters and digits", () => {
    const base = { name: "B", prompt: "x", queueId: 1 };
    expect(createPromptSchema.parse({ ...base, baseUrl: "https://x.openai.azure.com/openai/v1//" }).baseUrl).toBe("https://x.openai.azure.com/openai/v1");
    expect(issues(createPromptSchema.safeParse({ ...base, baseUrl: "javascript:alert(1)" }))).toEqual(["baseUrl:invalidUrl"]);
    expect(issues(createPromptSchema.safeParse({ ...base, baseUrl: "not a url" }))).toEqual(["baseUrl:invalidUrl"]);
    expect(createPromptSchema.parse({ ...base, voiceRegion: " BrazilSouth " }).voiceRegion).toBe("brazilsouth");
    expect(issues(createPromptSchema.safeParse({ ...base, voiceRegion: "a.b" }))).toEqual(["voiceRegion:invalidRegion"]);
  });
});

describe("updatePromptSchema and the form", () => {
  it("leaves out what is not sent; a queue cannot be removed", () => {
    expect(updatePromptSchema.parse({ apiKey: "" })).toEqual({ apiKey: "" });
    expect(issues(updatePromptSchema.safeParse({ queueId: null }))).toEqual(["queueId:queueRequired"]);
  });
  it("the dialog without a queue says queueRequired", () => {
    const form = { name: "B", prompt: "x", queueId: "", voice: "texto", voiceKey: "", voiceRegion: "", maxTokens: 100, temperature: 1, apiKey: "", maxMessages: 10, baseUrl: "" };
    expect(issues(promptFormSchema.safeParse(form))).toEqual(["queueId:queueRequired"]);
    expect(promptFormSchema.safeParse({ ...form, queueId: 4, temperature: "0.7" }).success).toBe(true);
  });
});

describe("keyState", () => {
  it("answers whether a key is stored and its last 4 characters, never the key", () => {
    expect(keyState("")).toEqual({ set: false, hint: "" });
    expect(keyState(sealSecret("sk-abcdefgh1234"))).toEqual({ set: true, hint: "••••1234" });
    expect(keyState(sealSecret("short"))).toEqual({ set: true, hint: "••••" });
    expect(keyState("plain-not-sealed")).toEqual({ set: false, hint: "" });
  });
});

// The sandbox model over HTTP (demo mode): the `openai` package's calls through the outbound guard
// get OpenAI-shaped answers; a wrong key is refused, the sandbox off is a 404; the guard lets the
// app's own model through on loopback and nothing else.
import OpenAI, { toFile } from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as completions } from "@/app/api/sandbox/openai/v1/chat/completions/route";
import { SANDBOX_MODEL_KEY, sandboxModelBaseUrl } from "@/lib/bots/sandbox-model/base-url";
import { REPLIES } from "@/lib/bots/sandbox-model/replies";
import { getEnv, resetEnvCache } from "@/lib/env";
import { guardedFetch, OutboundBlockedError } from "@/lib/net";
import { call } from "../helpers/http";
import { startSandboxModelServer } from "../helpers/stubs/sandbox-model-server";

let server: Awaited<ReturnType<typeof startSandboxModelServer>>;
const ask = { model: "gpt-4o-mini", messages: [{ role: "user" as const, content: "Qual o horário de vocês?" }] };

function sandbox(on: boolean) {
  process.env.SANDBOX_ENABLED = on ? "1" : "0";
  resetEnvCache();
}
const client = (apiKey = SANDBOX_MODEL_KEY) => new OpenAI({ apiKey, baseURL: sandboxModelBaseUrl(getEnv()), fetch: guardedFetch({ timeoutMs: 5_000 }), maxRetries: 0 });

beforeAll(async () => {
  server = await startSandboxModelServer();
  process.env.APP_URL = server.origin;
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  sandbox(true);
});
afterAll(async () => {
  await server.close();
  process.env.APP_URL = "http://127.0.0.1:3000";
  delete process.env.SANDBOX_ENABLED;
  resetEnvCache();
});

describe("the sandbox model's routes", () => {
  it("answer the openai package: a chat completion, the models list and an (empty) transcription", async () => {
    const done = await client().chat.completions.create(ask);
    expect(done).toMatchObject({ object: "chat.completion", model: "gpt-4o-mini", choices: [{ message: { role: "assistant", content: REPLIES.pt.hours } }] });
    const list = await client().models.list();
    expect(list.data.map((m) => m.id)).toEqual(["sandbox-demo"]);
    const file = await toFile(Buffer.from("OggS"), "voice.ogg", { type: "audio/ogg" });
    expect(await client().audio.transcriptions.create({ file, model: "whisper-1" })).toEqual({ text: "" });
  });

  it("refuse a key that is not a sandbox key (401), and a streaming request (400)", async () => {
    await expect(client("sk-real-key").chat.completions.create(ask)).rejects.toMatchObject({ status: 401 });
    await expect(client("sandbox-").chat.completions.create(ask)).rejects.toMatchObject({ status: 401 });
    const res = await call(completions, { method: "POST", url: "/api/sandbox/openai/v1/chat/completions", token: SANDBOX_MODEL_KEY, body: { ...ask, stream: true } });
    expect(res.status).toBe(400);
  });

  it("are absent (404) where the sandbox is off", async () => {
    sandbox(false);
    try {
      const res = await call(completions, { method: "POST", url: "/api/sandbox/openai/v1/chat/completions", token: SANDBOX_MODEL_KEY, body: ask });
      expect(res).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
    } finally {
      sandbox(true);
    }
  });
});

describe("the outbound guard and the sandbox model", () => {
  const blocked = async (url: string) => {
    const err = await guardedFetch({ timeoutMs: 2_000 })(url).then(() => null, (e: unknown) => e);
    return err instanceof OutboundBlockedError || (err instanceof Error && err.cause instanceof OutboundBlockedError);
  };

  it("lets exactly the app's sandbox model through on loopback", async () => {
    const before = server.calls.length;
    const res = await guardedFetch()(`${sandboxModelBaseUrl(getEnv())}/models`, { headers: { authorization: `Bearer ${SANDBOX_MODEL_KEY}` } });
    expect(res.status).toBe(200);
    // the same server, other paths and ports: refused before any request is made
    expect(await blocked(`${server.origin}/api/version`)).toBe(true);
    expect(await blocked(`${server.origin}/api/sandbox/openai/v2/models`)).toBe(true);
    const other = new URL(server.origin);
    other.port = String(Number(other.port) + 1);
    expect(await blocked(`${other.origin}/api/sandbox/openai/v1/models`)).toBe(true);
    expect(await blocked(`http://localhost:${new URL(server.origin).port}/api/sandbox/openai/v1/models`)).toBe(true);
    expect(server.calls.length).toBe(before + 1);
  });

  it("refuses it too when the sandbox is off", async () => {
    sandbox(false);
    try {
      expect(await blocked(`${server.origin}/api/sandbox/openai/v1/models`)).toBe(true);
    } finally {
      sandbox(true);
    }
  });
});

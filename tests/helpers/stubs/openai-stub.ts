import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the AI prompts' services (issue 17 §4), one HTTP server for all three:
 * - OpenAI-compatible chat completions: POST .../chat/completions
 * - OpenAI transcriptions: POST .../audio/transcriptions (multipart; answers `{ text }`)
 * - Azure Speech text-to-speech: POST .../cognitiveservices/v1 (SSML; answers Ogg Opus bytes)
 *
 * Use:
 *   const stub = await startOpenAiStub({ answer: "Olá! Como posso ajudar?" });
 *   // a prompt with baseUrl = stub.url ("http://127.0.0.1:PORT/v1"), any apiKey;
 *   // AZURE_SPEECH_ENDPOINT = stub.ttsEndpoint for voice answers; WEBHOOK_ALLOW_PRIVATE=1 (or
 *   // OUTBOUND_ALLOW_HOSTS=127.0.0.1) so the outbound guard lets the calls reach it
 *   stub.setAnswer("...");            // every later chat completion answers this text
 *   stub.next("one", { status: 429 }); // the next completions, in order, then back to setAnswer's
 *   stub.chats()[0].json.messages;     // what the provider sent
 *   await stub.close();
 *
 * An answer is a text (a well-formed completion), `{ status, body }` (an HTTP error or any JSON),
 * `{ raw, status? }` (a body sent as is, e.g. malformed JSON) or `{ hang: true }` (never answers).
 */
export type StubAnswer = string | { status: number; body?: unknown } | { raw: string; status?: number } | { hang: true };

export type StubRequest = {
  method: string;
  path: string;
  kind: "chat" | "transcription" | "tts" | "other";
  headers: Record<string, string | string[] | undefined>;
  /** the body as text (multipart and SSML included) */
  text: string;
  /** the body parsed when it is JSON, else null */
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
};

export type OpenAiStub = {
  /** the OpenAI-compatible base URL (a prompt's baseUrl) */
  url: string;
  origin: string;
  /** an AZURE_SPEECH_ENDPOINT template pointing here */
  ttsEndpoint: string;
  requests: StubRequest[];
  chats(): StubRequest[];
  setAnswer(answer: StubAnswer): void;
  next(...answers: StubAnswer[]): void;
  setTranscript(answer: StubAnswer): void;
  /** the TTS answer: audio bytes, or a StubAnswer for failures */
  setTts(answer: Uint8Array | StubAnswer): void;
  close(): Promise<void>;
};

/** Ogg Opus-looking bytes the TTS stub answers by default. */
export const STUB_AUDIO = new Uint8Array([0x4f, 0x67, 0x67, 0x53, 0x00, 0x02, 0x6f, 0x70, 0x75, 0x73]);

const completion = (content: string) => ({
  id: "chatcmpl-stub",
  object: "chat.completion",
  created: Math.floor(Date.now() / 1000),
  model: "stub-model",
  choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop", logprobs: null }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
});

const kindOf = (path: string): StubRequest["kind"] =>
  path.endsWith("/chat/completions") ? "chat" : path.endsWith("/audio/transcriptions") ? "transcription" : path.endsWith("/cognitiveservices/v1") ? "tts" : "other";

export async function startOpenAiStub(opts: { answer?: string; transcript?: string } = {}): Promise<OpenAiStub> {
  const requests: StubRequest[] = [];
  const queue: StubAnswer[] = [];
  let answer: StubAnswer = opts.answer ?? "Olá! Como posso ajudar?";
  let transcript: StubAnswer = opts.transcript ?? "transcrição do áudio";
  let tts: Uint8Array | StubAnswer = STUB_AUDIO;

  const send = (res: ServerResponse, a: StubAnswer, ok: (text: string) => unknown) => {
    if (typeof a === "string") return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(ok(a)));
    if ("hang" in a) return; // never answers (the socket is closed by close())
    if ("raw" in a) return void res.writeHead(a.status ?? 200, { "content-type": "application/json" }).end(a.raw);
    const body = a.body ?? { error: { message: `stub error ${a.status}`, type: "stub_error" } };
    res.writeHead(a.status, { "content-type": "application/json" }).end(JSON.stringify(body));
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const path = (req.url ?? "/").split("?")[0];
    let json = null;
    try {
      json = text && String(req.headers["content-type"]).includes("json") ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    const kind = kindOf(path);
    requests.push({ method: req.method ?? "GET", path, kind, headers: req.headers, text, json });
    if (kind === "chat") return send(res, queue.shift() ?? answer, completion);
    if (kind === "transcription") return send(res, transcript, (t) => ({ text: t }));
    if (kind === "tts") {
      if (tts instanceof Uint8Array) return void res.writeHead(200, { "content-type": "audio/ogg" }).end(Buffer.from(tts));
      return send(res, tts, () => ({}));
    }
    res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: `${origin}/v1`,
    origin,
    ttsEndpoint: `${origin}/tts/{region}/cognitiveservices/v1`,
    requests,
    chats: () => requests.filter((r) => r.kind === "chat"),
    setAnswer: (a) => void (answer = a),
    next: (...answers) => void queue.push(...answers),
    setTranscript: (a) => void (transcript = a),
    setTts: (a) => void (tts = a),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

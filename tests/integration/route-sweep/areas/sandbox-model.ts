import type { Fixture } from "../send";
import type { SweepArea } from "./types";

// The sandbox model (lib/bots/sandbox-model): public (it holds no company's data), called with any
// bearer key starting with "sandbox-"; the sweep runs with the sandbox on.
const key = () => ({ token: "sandbox-sweep" });
const model = (f: Omit<Fixture, "session">): Fixture => ({ ...f, session: key });

export const sandboxModelArea: SweepArea = {
  publicRoutes: ["POST /api/sandbox/openai/v1/chat/completions", "POST /api/sandbox/openai/v1/audio/transcriptions", "GET /api/sandbox/openai/v1/models"],
  fixtures: {
    "POST /api/sandbox/openai/v1/chat/completions": model({ build: () => ({ body: { model: "gpt-4o-mini", messages: [{ role: "user", content: "Quanto custa?" }] } }) }),
    "POST /api/sandbox/openai/v1/audio/transcriptions": model({
      build: () => ({ form: { model: "whisper-1", file: { blob: new Blob([new Uint8Array([0x4f, 0x67, 0x67, 0x53])], { type: "audio/ogg" }), name: "voice.ogg" } } }),
    }),
    "GET /api/sandbox/openai/v1/models": model({ build: () => ({}) }),
  },
};

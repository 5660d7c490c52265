import { getEnv } from "@/lib/env";
import { guardedFetch } from "@/lib/net";
import { BotCallError, describeError } from "./errors";

/** Azure Speech's Ogg Opus (what WhatsApp plays as a voice note). */
export const VOICE_FORMAT = "ogg-24khz-16bit-mono-opus";
export const VOICE_MIMETYPE = "audio/ogg; codecs=opus";

const xml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/** The SSML for one answer in one neural voice (`pt-BR-FranciscaNeural`: language pt-BR). */
export function ssmlFor(text: string, voice: string): string {
  const lang = voice.split("-").slice(0, 2).join("-");
  return `<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="${xml(lang)}"><voice name="${xml(voice)}">${xml(text)}</voice></speak>`;
}

/**
 * Azure Speech REST text-to-speech: POST the SSML to the region's endpoint (AZURE_SPEECH_ENDPOINT,
 * `{region}` replaced; the region is letters and digits, checked when the prompt is saved) with the
 * resource key; answers the Ogg Opus bytes.
 */
export async function synthesize(opts: { text: string; voice: string; region: string; key: string; signal?: AbortSignal; timeoutMs: number }): Promise<Uint8Array> {
  if (!/^[a-z][a-z0-9]*$/.test(opts.region)) throw new BotCallError("Azure Speech: invalid region");
  const url = getEnv().AZURE_SPEECH_ENDPOINT.replace("{region}", opts.region);
  try {
    const res = await guardedFetch({ timeoutMs: opts.timeoutMs, maxBytes: 10 * 1024 * 1024 })(url, {
      method: "POST",
      headers: {
        "Ocp-Apim-Subscription-Key": opts.key,
        "Content-Type": "application/ssml+xml",
        "X-Microsoft-OutputFormat": VOICE_FORMAT,
        "User-Agent": "atendimento",
      },
      body: ssmlFor(opts.text, opts.voice),
      signal: opts.signal,
    });
    if (!res.ok) throw new BotCallError(`Azure Speech: HTTP ${res.status}`);
    const data = new Uint8Array(await res.arrayBuffer());
    if (data.length === 0) throw new BotCallError("Azure Speech: empty audio");
    return data;
  } catch (err) {
    throw describeError("Azure Speech", err, [opts.key], opts.timeoutMs);
  }
}

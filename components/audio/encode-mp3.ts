import { Mp3Encoder } from "@breezystack/lamejs";

// spec core §9: recorded audio is sent as MP3 at 128 kbps. Browsers record Opus, so the
// microphone's PCM is encoded here, in the browser, with lamejs, a little at a time while recording.
export const MP3_KBPS = 128;
/** Sample rates an MP3 frame can carry (MPEG-1, then MPEG-2). */
export const MP3_SAMPLE_RATES = [48000, 44100, 32000, 24000, 22050, 16000];
/** lamejs takes MPEG-1 layer III frames of 1152 samples. */
const FRAME = 1152;

/** Float samples (-1..1) to 16-bit PCM, clipped. */
export function floatTo16Bit(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]));
    out[i] = s < 0 ? s * 0x8000 : s * 0x7fff;
  }
  return out;
}

/** Several channels averaged into one: voice notes are mono. */
export function downmix(channels: Float32Array[]): Float32Array {
  if (channels.length === 1) return channels[0];
  const length = Math.min(...channels.map((c) => c.length));
  const out = new Float32Array(length);
  for (const c of channels) for (let i = 0; i < length; i++) out[i] += c[i] / channels.length;
  return out;
}

/** Linear resampling, for a device rate an MP3 cannot carry (e.g. 96000 Hz). */
export function resampleLinear(samples: Float32Array, from: number, to: number): Float32Array {
  if (from === to) return samples;
  const out = new Float32Array(Math.floor((samples.length * to) / from));
  const step = from / to;
  for (let i = 0; i < out.length; i++) {
    const pos = i * step;
    const j = Math.floor(pos);
    const next = samples[Math.min(j + 1, samples.length - 1)];
    out[i] = samples[j] + (next - samples[j]) * (pos - j);
  }
  return out;
}

/** The MP3 rate to encode a device rate at: itself when allowed, else 48000 (resampled). */
export const mp3RateFor = (deviceRate: number) => (MP3_SAMPLE_RATES.includes(deviceRate) ? deviceRate : 48000);

/** An MP3 encoded as mono PCM arrives: push() chunks of any size, finish() for the bytes. */
export class Mp3Stream {
  private readonly encoder: Mp3Encoder;
  private readonly parts: Uint8Array[] = [];
  private pending = new Int16Array(0);

  constructor(
    private readonly inputRate: number,
    kbps = MP3_KBPS,
  ) {
    this.encoder = new Mp3Encoder(1, mp3RateFor(inputRate), kbps);
  }

  get byteLength(): number {
    return this.parts.reduce((n, p) => n + p.length, 0);
  }

  push(samples: Float32Array): void {
    const pcm = floatTo16Bit(resampleLinear(samples, this.inputRate, mp3RateFor(this.inputRate)));
    const all = new Int16Array(this.pending.length + pcm.length);
    all.set(this.pending);
    all.set(pcm, this.pending.length);
    const whole = all.length - (all.length % FRAME);
    for (let i = 0; i < whole; i += FRAME) this.keep(this.encoder.encodeBuffer(all.subarray(i, i + FRAME)));
    this.pending = all.slice(whole);
  }

  finish(): Uint8Array {
    if (this.pending.length) this.keep(this.encoder.encodeBuffer(this.pending));
    this.pending = new Int16Array(0);
    this.keep(this.encoder.flush());
    const out = new Uint8Array(this.byteLength);
    let offset = 0;
    for (const p of this.parts) {
      out.set(p, offset);
      offset += p.length;
    }
    return out;
  }

  // lamejs reuses its output buffer: copy what it gives back
  private keep(chunk: Uint8Array) {
    if (chunk.length) this.parts.push(chunk.slice());
  }
}

/** Mono PCM to MP3 bytes in one go. */
export function encodeMp3(samples: Float32Array, sampleRate: number, kbps = MP3_KBPS): Uint8Array {
  const stream = new Mp3Stream(sampleRate, kbps);
  stream.push(samples);
  return stream.finish();
}

import { describe, expect, it } from "vitest";
import { downmix, encodeMp3, floatTo16Bit, MP3_KBPS, Mp3Stream, mp3RateFor, resampleLinear } from "@/components/audio/encode-mp3";
import { MIN_AUDIO_BYTES } from "@/components/audio/use-audio-recorder";

const sine = (seconds: number, sampleRate: number, hz = 440) => {
  const out = new Float32Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < out.length; i++) out[i] = 0.6 * Math.sin((2 * Math.PI * hz * i) / sampleRate);
  return out;
};

// MPEG-1 layer III header: 11 sync bits, version bits 11, layer bits 01; then the bitrate index
const MPEG1_L3_BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const SAMPLE_RATES = [44100, 48000, 32000];

function frameHeader(bytes: Uint8Array, at: number) {
  return {
    sync: bytes[at] === 0xff && (bytes[at + 1] & 0xe0) === 0xe0,
    mpeg1Layer3: (bytes[at + 1] & 0x1e) === 0x1a,
    kbps: MPEG1_L3_BITRATES[bytes[at + 2] >> 4],
    sampleRate: SAMPLE_RATES[(bytes[at + 2] >> 2) & 0x03],
  };
}

// encoding is CPU work: generous limits so a busy machine does not fail these
describe("encodeMp3", { timeout: 30_000 }, () => {
  it("writes MPEG-1 layer III frames at 128 kbps", () => {
    const mp3 = encodeMp3(sine(1, 44100), 44100);
    expect(frameHeader(mp3, 0)).toEqual({ sync: true, mpeg1Layer3: true, kbps: 128, sampleRate: 44100 });
    // at constant bitrate every frame is 144 * 128000 / 44100 = 417 or 418 bytes, the next header follows
    const next = frameHeader(mp3, 417).sync ? 417 : 418;
    expect(frameHeader(mp3, next)).toMatchObject({ sync: true, kbps: 128 });
  });

  it("is about 128 kbps in size", () => {
    for (const rate of [44100, 48000]) {
      const seconds = 2;
      const mp3 = encodeMp3(sine(seconds, rate), rate);
      const kbps = (mp3.length * 8) / seconds / 1000;
      expect(kbps).toBeGreaterThan(MP3_KBPS * 0.95);
      expect(kbps).toBeLessThan(MP3_KBPS * 1.1);
      expect(frameHeader(mp3, 0).sampleRate).toBe(rate);
    }
  });

  it("makes a second of audio larger than the 10000-byte minimum and a blip smaller", () => {
    expect(MIN_AUDIO_BYTES).toBe(10000);
    expect(encodeMp3(sine(1, 48000), 48000).length).toBeGreaterThan(MIN_AUDIO_BYTES);
    expect(encodeMp3(sine(0.3, 48000), 48000).length).toBeLessThan(MIN_AUDIO_BYTES);
  });
});

describe("Mp3Stream", { timeout: 30_000 }, () => {
  it("encodes chunks as they come (worklet blocks of any size) like one buffer", () => {
    const pcm = sine(2, 48000);
    const stream = new Mp3Stream(48000);
    for (let i = 0, size = 128; i < pcm.length; i += size, size = size === 128 ? 4096 : 128) stream.push(pcm.subarray(i, i + size));
    const chunked = stream.finish();
    expect(chunked).toEqual(encodeMp3(pcm, 48000));
    expect(frameHeader(chunked, 0)).toMatchObject({ sync: true, kbps: 128, sampleRate: 48000 });
  });

  it("resamples a rate MP3 cannot carry to 48000 Hz", () => {
    expect(mp3RateFor(44100)).toBe(44100);
    expect(mp3RateFor(96000)).toBe(48000);
    const stream = new Mp3Stream(96000);
    stream.push(sine(2, 96000));
    const mp3 = stream.finish();
    expect(frameHeader(mp3, 0)).toMatchObject({ sync: true, kbps: 128, sampleRate: 48000 });
    const kbps = (mp3.length * 8) / 2 / 1000;
    expect(kbps).toBeGreaterThan(MP3_KBPS * 0.9);
    expect(kbps).toBeLessThan(MP3_KBPS * 1.15);
  });
});

describe("PCM helpers", () => {
  it("resamples linearly", () => {
    const half = resampleLinear(new Float32Array([0, 1, 2, 3, 4, 5, 6, 7]), 96000, 48000);
    expect(Array.from(half)).toEqual([0, 2, 4, 6]);
    const up = resampleLinear(new Float32Array([0, 1]), 1, 2);
    expect(Array.from(up)).toEqual([0, 0.5, 1, 1]);
    const same = new Float32Array([1]);
    expect(resampleLinear(same, 8, 8)).toBe(same);
  });

  it("clips floats into 16-bit range", () => {
    expect(Array.from(floatTo16Bit(new Float32Array([0, 1, -1, 2, -2, 0.5])))).toEqual([0, 32767, -32768, 32767, -32768, 16383]);
  });

  it("averages channels into one", () => {
    const mono = downmix([new Float32Array([1, 0, 0.5]), new Float32Array([0, 0, 0.5, 9])]);
    expect(Array.from(mono)).toEqual([0.5, 0, 0.5]);
    const only = new Float32Array([0.1]);
    expect(downmix([only])).toBe(only);
  });
});

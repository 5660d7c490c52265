"use client";

// A short two-note chime made with WebAudio (no audio file to ship). Browsers only let a page make
// sound after the user interacted with it, so the context is created on the first gesture. A
// running context keeps the browser's audio thread working even in silence (about 2% of a core,
// all day, on every agent's machine), so it is suspended between chimes and resumed for each one.
let context: AudioContext | null = null;
let unlocked = false;
let sleepTimer: ReturnType<typeof setTimeout> | null = null;

const CHIME_SECONDS = 0.4;
/** How long the context stays running after a chime (or the unlock) before it is suspended. */
export const SOUND_IDLE_MS = 1_000;

type AudioWindow = Window & { webkitAudioContext?: typeof AudioContext };

function sleepSoon(ctx: AudioContext, afterMs: number) {
  if (sleepTimer) clearTimeout(sleepTimer);
  sleepTimer = setTimeout(() => {
    sleepTimer = null;
    if (ctx.state === "running") void ctx.suspend().catch(() => {});
  }, afterMs);
}

function markUnlocked(ctx: AudioContext) {
  if (ctx.state !== "running") return;
  unlocked = true;
  sleepSoon(ctx, SOUND_IDLE_MS);
}

/** Creates (or resumes) the audio context; call from a user gesture. Once it ran, later calls do nothing. */
export function unlockSound(): void {
  if (unlocked) return;
  const Ctor = window.AudioContext ?? (window as AudioWindow).webkitAudioContext;
  if (!Ctor) return;
  const ctx = (context ??= new Ctor());
  if (ctx.state === "running") markUnlocked(ctx);
  else void ctx.resume().then(() => markUnlocked(ctx), () => {});
}

function chime(ctx: AudioContext, volume: number) {
  const start = ctx.currentTime;
  const notes: [number, number][] = [
    [880, 0],
    [1318.5, 0.12],
  ];
  for (const [frequency, offset] of notes) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = "sine";
    osc.frequency.value = frequency;
    const at = start + offset;
    // a soft attack and a quick decay: a "ding", not a beep
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.35 * volume, at + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.35);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + CHIME_SECONDS);
  }
  sleepSoon(ctx, CHIME_SECONDS * 1000 + SOUND_IDLE_MS);
}

/** Plays the chime at `volume` (0 to 1, the top bar's setting); silent at 0 or before any gesture. */
export function playNotificationSound(volume: number): void {
  const ctx = context;
  if (!ctx || !unlocked || volume <= 0) return;
  if (sleepTimer) clearTimeout(sleepTimer);
  if (ctx.state === "running") chime(ctx, volume);
  else
    void ctx.resume().then(
      () => ctx.state === "running" && chime(ctx, volume),
      () => {},
    );
}

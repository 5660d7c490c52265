"use client";

// A short two-note chime made with WebAudio (no audio file to ship). Browsers only let a page make
// sound after the user interacted with it, so the context is created on the first gesture.
let context: AudioContext | null = null;

type AudioWindow = Window & { webkitAudioContext?: typeof AudioContext };

/** Creates (or resumes) the audio context; call from a user gesture. */
export function unlockSound(): void {
  const Ctor = window.AudioContext ?? (window as AudioWindow).webkitAudioContext;
  if (!Ctor) return;
  context ??= new Ctor();
  if (context.state === "suspended") void context.resume().catch(() => {});
}

/** Plays the chime at `volume` (0 to 1, the top bar's setting); silent at 0 or before any gesture. */
export function playNotificationSound(volume: number): void {
  if (!context || volume <= 0 || context.state !== "running") return;
  const start = context.currentTime;
  const notes: [number, number][] = [
    [880, 0],
    [1318.5, 0.12],
  ];
  for (const [frequency, offset] of notes) {
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = "sine";
    osc.frequency.value = frequency;
    const at = start + offset;
    // a soft attack and a quick decay: a "ding", not a beep
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.35 * volume, at + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.35);
    osc.connect(gain).connect(context.destination);
    osc.start(at);
    osc.stop(at + 0.4);
  }
}

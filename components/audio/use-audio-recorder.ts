"use client";

import { useEffect, useRef, useState } from "react";
import type { Mp3Stream } from "./encode-mp3";
import { capturePcm, type PcmCapture } from "./pcm-capture";

/** spec core §9: a recording under 10000 bytes is discarded. */
export const MIN_AUDIO_BYTES = 10_000;

export type RecorderState = "idle" | "recording" | "sending";

type Handlers = {
  /** the finished recording; the recorder shows "sending" until it settles */
  onRecorded: (file: File) => Promise<unknown>;
  onTooShort: () => void;
  onError: (err: unknown) => void;
};

/** The spec's recording states (idle, recording, sending) around the microphone and the encoder. */
export function useAudioRecorder({ onRecorded, onTooShort, onError }: Handlers) {
  const [state, setState] = useState<RecorderState>("idle");
  const [startedAt, setStartedAt] = useState(0);
  const [now, setNow] = useState(0);
  const session = useRef<{ capture: PcmCapture; mp3: Mp3Stream } | null>(null);
  const starting = useRef(false);

  // the timer: re-render each half second while recording
  useEffect(() => {
    if (state !== "recording") return;
    const id = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(id);
  }, [state]);

  // leaving the page mid-recording releases the microphone
  useEffect(() => () => void session.current?.capture.stop(), []);

  const start = async () => {
    if (state !== "idle" || starting.current) return;
    starting.current = true;
    let stream: MediaStream | null = null;
    try {
      // the encoder is loaded on first use: most visits never record
      const [{ Mp3Stream: Encoder }, mic] = await Promise.all([import("./encode-mp3"), navigator.mediaDevices.getUserMedia({ audio: true })]);
      stream = mic;
      let mp3: Mp3Stream | null = null;
      const early: Float32Array[] = [];
      const capture = await capturePcm(mic, (samples) => (mp3 ? mp3.push(samples) : early.push(samples)));
      mp3 = new Encoder(capture.sampleRate);
      for (const samples of early) mp3.push(samples);
      session.current = { capture, mp3 };
      const t = Date.now();
      setStartedAt(t);
      setNow(t);
      setState("recording");
    } catch (err) {
      // a capture that failed to start must not leave the microphone on
      stream?.getTracks().forEach((track) => track.stop());
      onError(err);
    } finally {
      starting.current = false;
    }
  };

  const cancel = async () => {
    const s = session.current;
    session.current = null;
    setState("idle");
    await s?.capture.stop();
  };

  const finish = async () => {
    const s = session.current;
    if (!s) return;
    session.current = null;
    setState("sending");
    try {
      await s.capture.stop();
      const bytes = s.mp3.finish();
      if (bytes.length < MIN_AUDIO_BYTES) {
        onTooShort();
        return;
      }
      const file = new File([bytes as BlobPart], `audio-${Date.now()}.mp3`, { type: "audio/mpeg" });
      await onRecorded(file);
    } catch (err) {
      onError(err);
    } finally {
      setState("idle");
    }
  };

  const seconds = state === "recording" ? Math.max(0, Math.floor((now - startedAt) / 1000)) : 0;
  return { state, seconds, start, cancel, finish };
}

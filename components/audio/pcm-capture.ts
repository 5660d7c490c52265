// Microphone PCM for the MP3 encoder: an AudioWorklet (loaded from an inline module) sends mono
// blocks of 4096 samples to the page; browsers without AudioWorklet use a ScriptProcessor.

const BLOCK = 4096;

const WORKLET = `
class PcmCapture extends AudioWorkletProcessor {
  constructor() { super(); this.buf = new Float32Array(${BLOCK}); this.n = 0; this.port.onmessage = () => this.flush(); }
  flush() { if (this.n) { this.port.postMessage(this.buf.slice(0, this.n)); this.n = 0; } this.port.postMessage("flushed"); }
  process(inputs) {
    const chans = inputs[0];
    if (!chans || !chans.length) return true;
    const len = chans[0].length;
    for (let i = 0; i < len; i++) {
      let s = 0;
      for (let c = 0; c < chans.length; c++) s += chans[c][i];
      this.buf[this.n++] = s / chans.length;
      if (this.n === ${BLOCK}) { this.port.postMessage(this.buf.slice(0)); this.n = 0; }
    }
    return true;
  }
}
registerProcessor("pcm-capture", PcmCapture);
`;

export type PcmCapture = {
  sampleRate: number;
  /** stops the microphone; resolves after the last samples were delivered */
  stop: () => Promise<void>;
};

/** Starts capturing `stream`, calling onSamples with mono blocks until stop(). */
export async function capturePcm(stream: MediaStream, onSamples: (samples: Float32Array) => void): Promise<PcmCapture> {
  const ctx = new AudioContext();
  try {
    return await connect(ctx, stream, onSamples);
  } catch (err) {
    await ctx.close().catch(() => undefined);
    throw err;
  }
}

async function connect(ctx: AudioContext, stream: MediaStream, onSamples: (samples: Float32Array) => void): Promise<PcmCapture> {
  // started from a click, but after awaiting the microphone: make sure it runs
  if (ctx.state === "suspended") await ctx.resume();
  const source = ctx.createMediaStreamSource(stream);
  // processing nodes only run when something pulls them: a silent path to the speakers
  const mute = ctx.createGain();
  mute.gain.value = 0;
  mute.connect(ctx.destination);

  const close = async () => {
    stream.getTracks().forEach((track) => track.stop());
    source.disconnect();
    await ctx.close().catch(() => undefined);
  };

  if (ctx.audioWorklet) {
    const url = URL.createObjectURL(new Blob([WORKLET], { type: "text/javascript" }));
    try {
      await ctx.audioWorklet.addModule(url);
    } finally {
      URL.revokeObjectURL(url);
    }
    const node = new AudioWorkletNode(ctx, "pcm-capture", { numberOfOutputs: 1 });
    const flushed = new Promise<void>((resolve) => {
      node.port.onmessage = (e: MessageEvent<Float32Array | string>) => (e.data === "flushed" ? resolve() : onSamples(e.data as Float32Array));
    });
    source.connect(node).connect(mute);
    return {
      sampleRate: ctx.sampleRate,
      stop: async () => {
        source.disconnect();
        node.port.postMessage("flush");
        await Promise.race([flushed, new Promise((r) => setTimeout(r, 500))]);
        await close();
      },
    };
  }

  const processor = ctx.createScriptProcessor(BLOCK, 1, 1);
  processor.onaudioprocess = (e) => onSamples(new Float32Array(e.inputBuffer.getChannelData(0)));
  source.connect(processor).connect(mute);
  return {
    sampleRate: ctx.sampleRate,
    stop: async () => {
      processor.onaudioprocess = null;
      processor.disconnect();
      await close();
    },
  };
}

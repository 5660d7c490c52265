import type { UserFacingSocketConfig } from "@whiskeysockets/baileys";
import { logger } from "@/lib/observability/logger";

type ILogger = NonNullable<UserFacingSocketConfig["logger"]>;

// Baileys logs every frame at debug and many recoverable faults at warn/error; the product's own
// lines (below) say what matters, so the library gets a pino-compatible logger that drops it all.
const noop = () => {};
export const silentLogger: ILogger = {
  level: "silent",
  child: () => silentLogger,
  trace: noop,
  debug: noop,
  info: noop,
  warn: noop,
  error: noop,
};

/** Our own log lines, tagged with the connection so a worker running many can be read. */
export function connectionLog(whatsappId: number) {
  const tag = `[baileys ${whatsappId}]`;
  return {
    info: (msg: string) => console.info(tag, msg),
    warn: (msg: string) => console.warn(tag, msg),
    error: (msg: string, err?: unknown) => console.error(tag, msg, err instanceof Error ? err.message : (err ?? "")),
  };
}

export type ConnectionLog = ReturnType<typeof connectionLog>;

const RANK: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };
type Level = "trace" | "debug" | "info" | "warn" | "error";
type Sink = (level: Level, bindings: Record<string, unknown>, args: unknown[]) => void;

export type BaileysLogOptions = {
  /** BAILEYS_LOG_LEVEL (default warn): what of Baileys' own lines reaches the product's log */
  level?: string;
  /** lines per minute and connection; the rest are counted and said in one line */
  perMinute?: number;
  now?: () => number;
  /** where lines go (default: the product's pino logger) */
  sink?: Sink;
};

const pinoSink: Sink = (level, bindings, args) => {
  const log = logger().child(bindings);
  (log[level] as (...a: unknown[]) => void)(...args);
};

/**
 * Baileys' own lines (a decryption it could not repair, an ack WhatsApp refused, a stream error) in
 * the product's log, tagged with the connection, at BAILEYS_LOG_LEVEL (default warn: its debug and
 * trace lines describe every frame) and at most `perMinute` lines a minute per connection: a
 * reconnect loop or a flood of undecryptable messages must not drown the log.
 */
export function baileysLogger(whatsappId: number, opts: BaileysLogOptions = {}): ILogger {
  const env = opts.level ?? process.env.BAILEYS_LOG_LEVEL ?? "warn";
  const level = env in RANK ? env : "warn";
  const min = RANK[level];
  const perMinute = opts.perMinute ?? 20;
  const now = opts.now ?? Date.now;
  const sink = opts.sink ?? pinoSink;
  let windowStart = now();
  let lines = 0;
  let dropped = 0;

  const allow = (bindings: Record<string, unknown>) => {
    const t = now();
    if (t - windowStart >= 60_000) {
      if (dropped) sink("warn", bindings, [{ dropped }, `${dropped} Baileys line(s) not logged in the last minute`]);
      windowStart = t;
      lines = 0;
      dropped = 0;
    }
    if (lines < perMinute) return ++lines, true;
    dropped++;
    return false;
  };

  const make = (bindings: Record<string, unknown>): ILogger => {
    const at = (l: Level) => (...args: unknown[]) => {
      if (RANK[l] >= min && allow(bindings)) sink(l, bindings, args);
    };
    return {
      level,
      child: (more: Record<string, unknown>) => make({ ...bindings, ...more }),
      trace: at("trace"),
      debug: at("debug"),
      info: at("info"),
      warn: at("warn"),
      error: at("error"),
    };
  };
  return make({ connection: whatsappId, source: "baileys" });
}

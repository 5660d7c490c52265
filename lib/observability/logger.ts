import pino, { type DestinationStream, type Logger } from "pino";
import pretty from "pino-pretty";

/**
 * Keys never written to a log line, wherever they sit (top level or one object down): credentials,
 * and message bodies (customers' words are not ours to keep in log storage).
 */
export const REDACTED_KEYS = ["authorization", "cookie", "password", "newPassword", "token", "accessToken", "refreshToken", "secret", "body", "text"];
const REDACT_PATHS = REDACTED_KEYS.flatMap((k) => [k, `*.${k}`]).concat(["headers.authorization", "headers.cookie", "req.headers.authorization", "req.headers.cookie"]);

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
const truthy = (v: string | undefined) => v === "1" || v === "true";

export type LoggerOptions = { level?: string; pretty?: boolean; destination?: DestinationStream };

/**
 * JSON lines (one object per line, what log shippers read) in production; the demo and `next dev`
 * print them readable. Read from process.env directly, not getEnv(): a log line must never fail on
 * an unrelated configuration error. Tests are silent unless LOG_LEVEL says otherwise.
 */
export function defaultLoggerOptions(env: Record<string, string | undefined> = process.env): Required<Omit<LoggerOptions, "destination">> {
  const fallback = env.NODE_ENV === "test" ? "silent" : "info";
  const level = env.LOG_LEVEL && LEVELS.includes(env.LOG_LEVEL) ? env.LOG_LEVEL : fallback;
  return { level, pretty: truthy(env.DEMO_MODE) || env.NODE_ENV === "development" };
}

export function createLogger(opts: LoggerOptions = {}): Logger {
  const { level, pretty: isPretty } = { ...defaultLoggerOptions(), ...opts };
  const options = { level, redact: { paths: REDACT_PATHS, censor: "[redacted]" } };
  // pino-pretty as a stream in this thread (sync), not a transport: Next bundles cannot start
  // pino's worker-thread transports; one line per entry (the demo logs every request)
  const destination = opts.destination ?? (isPretty ? pretty({ sync: true, singleLine: true, colorize: Boolean(process.stdout.isTTY), ignore: "pid,hostname", translateTime: "SYS:HH:MM:ss" }) : undefined);
  return destination ? pino(options, destination) : pino(options);
}

// one logger per process, kept across Next dev hot reloads (module state is not)
const holder = globalThis as unknown as { __appLogger?: Logger };

export function logger(): Logger {
  holder.__appLogger ??= createLogger();
  return holder.__appLogger;
}

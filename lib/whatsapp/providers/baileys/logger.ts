import type { UserFacingSocketConfig } from "@whiskeysockets/baileys";

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

import { DEFAULT_CONNECTION_CONFIG, fetchLatestWaWebVersion, type WAVersion } from "@whiskeysockets/baileys";
import { withTimeout } from "./with-timeout";

export type VersionSource = "env" | "latest" | "stored" | "bundled";

export type VersionDeps = {
  /** WA_WEB_VERSION: an operator's override ("2.3000.1023456789") */
  override?: string;
  /** asks WhatsApp which version its web client runs; anything it answers is checked */
  fetchLatest?: (signal: AbortSignal) => Promise<unknown>;
  /** the version that last opened for this connection */
  stored: () => Promise<string | null>;
  timeoutMs?: number;
  warn?: (line: string) => void;
};

/** The version Baileys was released with: the last resort. */
export const BUNDLED_VERSION: WAVersion = DEFAULT_CONNECTION_CONFIG.version;

/** "2.3000.N" or [2, 3000, N] as a version, or null for anything else. */
export function parseVersion(value: unknown): WAVersion | null {
  const parts = typeof value === "string" ? value.trim().split(".") : Array.isArray(value) ? value : null;
  if (!parts || parts.length !== 3) return null;
  const nums = parts.map((p) => (typeof p === "number" ? p : /^\d{1,12}$/.test(String(p)) ? Number(p) : NaN));
  if (nums.some((n) => !Number.isSafeInteger(n) || n < 0) || nums[0] !== 2) return null;
  return nums as WAVersion;
}

export const versionText = (v: WAVersion) => v.join(".");

// WhatsApp's page, read by Baileys: its answer says whether it found the client revision
const defaultFetch = async (signal: AbortSignal) => {
  const answer = await fetchLatestWaWebVersion({ signal });
  if (!answer.isLatest) throw new Error(String((answer.error as { message?: string } | undefined)?.message ?? "no client revision in WhatsApp's page"));
  return answer.version;
};

/**
 * The WhatsApp Web version a new socket announces (issue 33 part 4). WhatsApp refuses an outdated
 * one (close 405), and Baileys' bundled version ages with each release, so: the operator's override,
 * else what WhatsApp's page says now (5 s at most), else the version that last opened here, else
 * the bundled one. Never throws.
 */
export async function resolveWaVersion(deps: VersionDeps): Promise<{ version: WAVersion; source: VersionSource }> {
  const override = deps.override ? parseVersion(deps.override) : null;
  if (override) return { version: override, source: "env" };
  if (deps.override) deps.warn?.(`WA_WEB_VERSION "${deps.override}" is not a version like 2.3000.1023456789; ignored`);
  try {
    const latest = parseVersion(await withTimeout(deps.timeoutMs ?? 5000, deps.fetchLatest ?? defaultFetch));
    if (latest) return { version: latest, source: "latest" };
    deps.warn?.("WhatsApp's page answered no readable version");
  } catch (err) {
    deps.warn?.(`the latest WhatsApp Web version could not be read: ${(err as Error).message}`);
  }
  try {
    const stored = parseVersion(await deps.stored());
    if (stored) return { version: stored, source: "stored" };
  } catch (err) {
    deps.warn?.(`the version that last opened could not be read: ${(err as Error).message}`);
  }
  return { version: BUNDLED_VERSION, source: "bundled" };
}

/**
 * One connection's version: resolved when a socket first needs it, kept for the next sockets of the
 * same start, asked again after WhatsApp refused it (405) and on each start, and stored once a socket
 * opened with it (the fallback of the next resolution).
 */
export function createVersionSource(deps: Omit<VersionDeps, "stored" | "warn">, store: { load(): Promise<string | null>; save(v: string): Promise<void> }, log: { info(l: string): void; warn(l: string): void }) {
  let version: WAVersion | null = null;
  return {
    async current(): Promise<WAVersion> {
      if (version) return version;
      const resolved = await resolveWaVersion({ ...deps, stored: () => store.load(), warn: (l) => log.warn(l) });
      version ??= resolved.version;
      log.info(`WhatsApp Web ${versionText(resolved.version)} (${resolved.source})`);
      return version;
    },
    async opened() {
      if (version) await store.save(versionText(version)).catch((err: unknown) => log.warn(`the version was not kept: ${(err as Error).message}`));
    },
    /** the next socket asks again (WhatsApp refused it, or the connection starts anew) */
    forget() {
      version = null;
    },
  };
}

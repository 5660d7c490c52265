"use client";

import { useEffect, useState } from "react";
import { api } from "@/lib/api/client";
import { isPaced, PACED_MIN_SECONDS } from "@/lib/campaigns/dispatch/spacing";

export type Option = { id: number; name: string };

export type CampaignOptions = {
  whatsapps: Option[];
  contactLists: Option[];
  tags: Option[];
  fileLists: Option[];
  /** the company's custom variables' keys (GET /api/campaign-settings) */
  variables: string[];
  /** the company's messageInterval (seconds; null until loaded) and its paced connections (spacing.ts) */
  messageInterval: number | null;
  /** the least gap (seconds) of each paced connection (every provider but the sandbox), by id */
  pacedGaps: Record<number, number>;
  /** which lists could not be loaded (each is optional to the dialog: it shows what it has) */
  failed: string[];
  loading: boolean;
};

const asOptions = (v: unknown): Option[] =>
  (Array.isArray(v) ? v : [])
    .filter((o): o is Option => typeof o?.id === "number" && typeof o?.name === "string")
    .map((o) => ({ id: o.id, name: o.name }));

// GET /api/campaign-settings answers `{ variables: [{ key, value }] }` (older shapes: key/value entries)
function variableKeys(v: unknown): string[] {
  const entries = Array.isArray(v) ? v : [];
  const stored = entries.find((e) => e?.key === "variables")?.value;
  const raw = (v as { variables?: unknown })?.variables ?? (typeof stored === "string" ? safeJson(stored) : stored);
  return (Array.isArray(raw) ? raw : []).map((x) => x?.key).filter((k): k is string => typeof k === "string" && k.trim() !== "");
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
}

// the connections a campaign on would be paced (every provider but the sandbox), with their least gap
const pacedGaps = (v: unknown): Record<number, number> =>
  Object.fromEntries(
    (Array.isArray(v) ? v : [])
      .filter((w) => typeof w?.id === "number" && isPaced(w?.provider))
      .map((w) => [w.id as number, typeof w.sendMinGapSeconds === "number" ? (w.sendMinGapSeconds as number) : PACED_MIN_SECONDS]),
  );

const intervalOf = (v: unknown) => {
  const n = (v as { messageInterval?: unknown })?.messageInterval;
  return typeof n === "number" ? n : null;
};

// each source fills one or more fields of the options
const SOURCES: Record<string, { url: string; read: (v: unknown) => Partial<CampaignOptions> }> = {
  whatsapps: { url: "/api/whatsapp", read: (v) => ({ whatsapps: asOptions(v), pacedGaps: pacedGaps(v) }) },
  contactLists: { url: "/api/contact-lists/list", read: (v) => ({ contactLists: asOptions(v) }) },
  tags: { url: "/api/tags/list", read: (v) => ({ tags: asOptions(v) }) },
  fileLists: { url: "/api/files?pageNumber=1", read: (v) => ({ fileLists: asOptions((v as { files?: unknown })?.files) }) },
  variables: { url: "/api/campaign-settings", read: (v) => ({ variables: variableKeys(v), messageInterval: intervalOf(v) }) },
};

const EMPTY = { whatsapps: [], contactLists: [], tags: [], fileLists: [], variables: [], messageInterval: null, pacedGaps: {} };

/** What the campaign dialog's selects offer, each loaded on its own: one failing leaves the others. */
export function useCampaignOptions(): CampaignOptions {
  const [state, setState] = useState<CampaignOptions>({ ...EMPTY, failed: [], loading: true });
  useEffect(() => {
    let live = true;
    const keys = Object.keys(SOURCES);
    void Promise.allSettled(keys.map((k) => api(SOURCES[k].url))).then((results) => {
      if (!live) return;
      let next: CampaignOptions = { ...EMPTY, failed: [], loading: false };
      results.forEach((r, i) => {
        const k = keys[i];
        if (r.status === "fulfilled") next = { ...next, ...SOURCES[k].read(r.value) };
        else next.failed.push(k);
      });
      setState(next);
    });
    return () => {
      live = false;
    };
  }, []);
  return state;
}

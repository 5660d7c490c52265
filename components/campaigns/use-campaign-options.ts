"use client";

import { useEffect, useState } from "react";
import { api } from "@/lib/api/client";

export type Option = { id: number; name: string };

export type CampaignOptions = {
  whatsapps: Option[];
  contactLists: Option[];
  tags: Option[];
  fileLists: Option[];
  /** the company's custom variables' keys (GET /api/campaign-settings) */
  variables: string[];
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

const SOURCES = {
  whatsapps: { url: "/api/whatsapp", read: asOptions },
  contactLists: { url: "/api/contact-lists/list", read: asOptions },
  tags: { url: "/api/tags/list", read: asOptions },
  fileLists: { url: "/api/files?pageNumber=1", read: (v: unknown) => asOptions((v as { files?: unknown })?.files) },
  variables: { url: "/api/campaign-settings", read: variableKeys },
} as const;

/** What the campaign dialog's selects offer, each loaded on its own: one failing leaves the others. */
export function useCampaignOptions(): CampaignOptions {
  const [state, setState] = useState<CampaignOptions>({ whatsapps: [], contactLists: [], tags: [], fileLists: [], variables: [], failed: [], loading: true });
  useEffect(() => {
    let live = true;
    const keys = Object.keys(SOURCES) as (keyof typeof SOURCES)[];
    void Promise.allSettled(keys.map((k) => api(SOURCES[k].url))).then((results) => {
      if (!live) return;
      const next: CampaignOptions = { whatsapps: [], contactLists: [], tags: [], fileLists: [], variables: [], failed: [], loading: false };
      results.forEach((r, i) => {
        const k = keys[i];
        if (r.status === "fulfilled") (next as Record<string, unknown>)[k] = SOURCES[k].read(r.value);
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

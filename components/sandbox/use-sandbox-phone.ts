"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "@/lib/api/client";

export type SandboxMessage = {
  id: string;
  direction: "in" | "out";
  number: string;
  name: string;
  body: string;
  mediaType: string | null;
  mediaUrl: string | null;
  mediaName: string | null;
  ack: number;
  processed: boolean;
  createdAt: string;
};

export type SandboxView = {
  connection: { id: number; name: string; status: string };
  state: { qrCode: string | null; paired: boolean; number: string | null };
  customers: { number: string; name: string }[];
  messages: SandboxMessage[];
};

const POLL_MS = 1200;

/** The simulated phone's state, polled while the page is open. */
export function useSandboxPhone(connectionId: number, customer: string) {
  const [view, setView] = useState<SandboxView | null>(null);
  const [error, setError] = useState<unknown>(null);
  const base = `/api/sandbox/${connectionId}`;
  const latest = useRef(customer);
  useEffect(() => {
    latest.current = customer;
  });

  const refresh = useCallback(async () => {
    try {
      const to = latest.current;
      const qs = /^\d{8,15}$/.test(to) ? `?to=${to}` : "";
      setView(await api<SandboxView>(`${base}/outbound${qs}`));
      setError(null);
    } catch (e) {
      setError(e);
    }
  }, [base]);

  useEffect(() => {
    const first = setTimeout(() => void refresh(), 0);
    const id = setInterval(() => void refresh(), POLL_MS);
    return () => {
      clearTimeout(first);
      clearInterval(id);
    };
  }, [refresh, customer]);

  const post = async (path: string, json: unknown) => {
    await api(`${base}/${path}`, { method: "POST", json });
    await refresh();
  };

  return {
    view,
    error,
    refresh,
    scan: (code?: string) => post("scan", { code }),
    sendText: (from: string, name: string, body: string) => post("inbound", { from, name, body }),
    sendLocation: (from: string, name: string, lat: string, lng: string, description: string) =>
      post("inbound", { from, name, mediaType: "locationMessage", body: `|https://maps.google.com/maps?q=${lat},${lng}|${description}` }),
    sendFile: async (from: string, name: string, file: File, caption: string) => {
      const form = new FormData();
      form.set("from", from);
      form.set("name", name);
      form.set("body", caption);
      form.set("file", file);
      await api(`${base}/inbound`, { method: "POST", body: form });
      await refresh();
    },
    markRead: (to: string) => post("ack", { to, ack: 3 }),
  };
}

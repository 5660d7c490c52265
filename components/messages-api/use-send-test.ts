"use client";

import { useState } from "react";

export const SEND_URL = "/api/messages/send";

/** What the endpoint answered: the HTTP status and its body (JSON, or the text if it was not JSON). */
export type SendResult = { status: number; body: unknown };

/**
 * Calls the real send endpoint as an external system would: the connection token as bearer, no
 * session (credentials omitted, so the answer is what a client outside the app gets).
 */
export function useSendTest() {
  const [result, setResult] = useState<SendResult | null>(null);
  const send = async (token: string, body: BodyInit, json: boolean) => {
    const headers: Record<string, string> = { Authorization: `Bearer ${token.trim()}` };
    if (json) headers["Content-Type"] = "application/json";
    try {
      const res = await fetch(SEND_URL, { method: "POST", headers, body, credentials: "omit" });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // kept as text: shown as the server sent it
      }
      setResult({ status: res.status, body: parsed });
    } catch (err) {
      setResult({ status: 0, body: { error: String(err) } });
    }
  };
  return { result, send };
}

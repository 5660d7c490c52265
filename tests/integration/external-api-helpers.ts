import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { POST as sendRoute } from "@/app/api/messages/send/route";
import { getDb } from "@/db";
import { whatsapps } from "@/db/schema";
import { BASE_URL, type Json } from "../helpers/http";

// Calls POST /api/messages/send through the real route handler (in-process), as an external system.

/** A fresh token for a connection (what an admin rotates in the connection dialog). */
export async function tokenFor(whatsappId: number) {
  const token = randomBytes(24).toString("base64url");
  await getDb().update(whatsapps).set({ token }).where(eq(whatsapps.id, whatsappId));
  return token;
}

export type SendOptions = { token?: string; key?: string; json?: unknown; form?: FormData; address?: string };

export async function sendApi(o: SendOptions) {
  const headers = new Headers();
  if (o.token !== undefined) headers.set("authorization", `Bearer ${o.token}`);
  if (o.key !== undefined) headers.set("idempotency-key", o.key);
  if (o.address) headers.set("x-socket-address", o.address);
  let body: BodyInit | undefined;
  if (o.form) body = o.form;
  else if (o.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(o.json);
  }
  const req = new NextRequest(new URL("/api/messages/send", BASE_URL), { method: "POST", headers, body });
  const res = await sendRoute(req, { params: Promise.resolve({}) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Json };
}

/** A multipart send: `number`, optional `body`, and files as `medias`. */
export function mediaForm(number: string, body: string | null, files: { name: string; type: string; bytes?: number }[]) {
  const form = new FormData();
  form.append("number", number);
  if (body !== null) form.append("body", body);
  for (const f of files) form.append("medias", new Blob([new Uint8Array(f.bytes ?? 64).fill(7)], { type: f.type }), f.name);
  return form;
}

let seq = 0;
/** A number no other test uses. */
export const newNumber = () => `55119${String(Date.now() % 1e6).padStart(6, "0")}${String(++seq % 100).padStart(2, "0")}`;

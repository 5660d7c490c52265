import { NextResponse } from "next/server";
import { getDb } from "@/db";
import { assertOwnCompany, bindTenant } from "@/lib/api/body";
import { AppError } from "@/lib/api/errors";
import { route } from "@/lib/api/route";
import { readSendRequest } from "@/lib/external-api/read-send-request";
import { idempotencyKey } from "@/lib/external-api/schemas";
import { sendExternalMessage } from "@/lib/external-api/send-message";
import { MEDIA_UPLOAD } from "@/lib/messages/send-from-request";

// POST /api/messages/send — the external API (spec admin §7): `Authorization: Bearer <connection
// token>`, JSON `{ number, body }` or multipart `number`, `body`, `medias`; optional Idempotency-Key.
// Answers `{ mensagem: "Mensagem enviada", ticketId, messageIds, status: "sent" | "queued" }`.
export const POST = route({ access: "connection-token", upload: MEDIA_UPLOAD }, async ({ req, connection }) => {
  // as for every route: a companyId that is not the caller's (the connection's) answers 404
  bindTenant(req, connection!.companyId);
  assertOwnCompany(req, req.nextUrl.searchParams.get("companyId"));
  const rawKey = req.headers.get("idempotency-key");
  const key = rawKey === null ? null : parseKey(rawKey);
  const input = await readSendRequest(req, connection!.companyId);
  const answer = await sendExternalMessage(getDb(), connection!, input, key);
  return NextResponse.json(answer.body, { status: answer.status });
});

function parseKey(raw: string): string {
  const r = idempotencyKey.safeParse(raw);
  if (r.success) return r.data;
  throw new AppError("ERR_VALIDATION", 400, { issues: [{ path: "Idempotency-Key", message: r.error.issues[0].message }] });
}

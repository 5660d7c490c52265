import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { sandboxParams } from "@/lib/whatsapp/sandbox/params";
import { getSandboxConnection } from "@/lib/whatsapp/sandbox/sandbox-access";
import { scanSandboxQr } from "@/lib/whatsapp/sandbox/sandbox-phone";
import { sandboxScanSchema } from "@/lib/whatsapp/sandbox/schemas";

// POST /api/sandbox/{connectionId}/scan — the simulated phone scans the QR code shown.
export const POST = route({ access: "admin", params: sandboxParams, body: sandboxScanSchema }, async ({ ctx, params, body }) => {
  const conn = await getSandboxConnection(getDb(), ctx, params.connectionId);
  return scanSandboxQr(getDb(), conn, body);
});

import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { sandboxParams } from "@/lib/whatsapp/sandbox/params";
import { getSandboxConnection } from "@/lib/whatsapp/sandbox/sandbox-access";
import { ackOnSandboxPhone } from "@/lib/whatsapp/sandbox/sandbox-phone";
import { sandboxAckSchema } from "@/lib/whatsapp/sandbox/schemas";

// POST /api/sandbox/{connectionId}/ack — the customer's phone reads (3) or plays (4/5) agent messages.
export const POST = route({ access: "admin", params: sandboxParams, body: sandboxAckSchema }, async ({ ctx, params, body }) => {
  const conn = await getSandboxConnection(getDb(), ctx, params.connectionId);
  return ackOnSandboxPhone(getDb(), conn, body);
});

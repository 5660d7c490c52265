import { getDb } from "@/db";
import { isForm, readForm } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { sandboxParams } from "@/lib/whatsapp/sandbox/params";
import { getSandboxConnection } from "@/lib/whatsapp/sandbox/sandbox-access";
import { sendFromSandboxPhone } from "@/lib/whatsapp/sandbox/sandbox-phone";
import { sandboxInboundSchema } from "@/lib/whatsapp/sandbox/schemas";

// POST /api/sandbox/{connectionId}/inbound — the simulated customer sends a message
// (JSON, or multipart with a `file`); `id` is the WhatsApp message id, generated when absent.
export const POST = route({ access: "admin", params: sandboxParams, body: sandboxInboundSchema }, async ({ ctx, params, body, req }) => {
  const conn = await getSandboxConnection(getDb(), ctx, params.connectionId);
  // the wrapper read the fields from a clone (and refused a malformed form): the file is still here
  const file = isForm(req) ? (await readForm(req, { files: ["file"] })).get("file") : null;
  return sendFromSandboxPhone(getDb(), conn, body, file instanceof File && file.size > 0 ? file : undefined);
});

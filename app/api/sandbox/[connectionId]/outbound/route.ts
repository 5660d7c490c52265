import { z } from "zod";
import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { sandboxParams } from "@/lib/whatsapp/sandbox/params";
import { getSandboxConnection } from "@/lib/whatsapp/sandbox/sandbox-access";
import { getSandboxState, listSandboxConversation, listSandboxCustomers } from "@/lib/whatsapp/sandbox/sandbox-phone";

const query = z.object({ to: z.string().regex(/^\d{8,15}$/).optional() });

// GET /api/sandbox/{connectionId}/outbound?to= — what the phone shows: the conversation with one
// customer (both directions, with ticks), the customers it has talked with, and the pairing state.
export const GET = route({ access: "admin", params: sandboxParams, query }, async ({ ctx, params, query }) => {
  const conn = await getSandboxConnection(getDb(), ctx, params.connectionId);
  const [messages, customers, state] = await Promise.all([
    listSandboxConversation(getDb(), conn, query.to),
    listSandboxCustomers(getDb(), conn),
    getSandboxState(getDb(), conn),
  ]);
  return { connection: { id: conn.id, name: conn.name, status: conn.status }, state, customers, messages };
});

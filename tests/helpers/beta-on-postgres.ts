// A `beta` connection on the fake Baileys socket whose inbox, ingest and chatbot are the product's
// own on the test's Postgres: what the worker process wires (workers/whatsapp.ts), with a sink
// that can be made to fail.
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { getDb } from "@/db";
import { createBaileysConnection, type BaileysDeps } from "@/lib/whatsapp/providers/baileys/connection";
import type { ProviderEvent } from "@/lib/whatsapp/types";
import { handleProviderEvent, mayBeRetried } from "@/lib/whatsapp/worker/event-sink";
import { createFakeWhatsApp, FAKE_WA_VERSION, memoryAuthStore, memorySentMessages, type FakeWhatsApp } from "./fake-baileys-socket";

export type BetaOnPostgres = Awaited<ReturnType<typeof startBetaOnPostgres>>;

export async function startBetaOnPostgres(ids: { companyId: number; whatsappId: number }, deps: Partial<BaileysDeps> = {}, world: FakeWhatsApp = createFakeWhatsApp()) {
  const ref = { id: ids.whatsappId, companyId: ids.companyId, provider: "beta" };
  const sink = { failures: 0, calls: 0 };
  const events: ProviderEvent[] = [];
  const conn = createBaileysConnection(
    {
      ...ids,
      async emit(event) {
        sink.calls++;
        try {
          if (event.type === "message" && sink.failures > 0) {
            sink.failures--;
            throw new Error("the event sink failed");
          }
          await handleProviderEvent(getDb(), ref, event);
          events.push(event);
        } catch (err) {
          if (mayBeRetried(event, err)) throw err;
        }
      },
    },
    {
      makeSocket: world.makeSocket,
      authStore: memoryAuthStore(),
      sentMessages: memorySentMessages(),
      downloadMedia: async () => Buffer.from("media"),
      inboxTiming: { retryDelayMs: () => 20, heldTurnSpacingMs: 0 },
      versions: { fetchLatest: async () => FAKE_WA_VERSION },
      // a folder of its own, made only if something is kept there: never the project's DATA_DIR
      spoolDir: path.join(tmpdir(), `beta-pg-spool-${randomBytes(6).toString("hex")}`),
      ...deps,
    },
  );
  await conn.start();
  return { world, conn, sink, events, sock: () => world.latest() };
}

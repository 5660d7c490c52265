// A browser of the proof: pusher-js (as the product's pages use it) on the shared realtime server,
// its private channels authorised through one web front, recording every message it is shown.
import PusherJs from "pusher-js";
import { channels, EVENTS } from "@/lib/realtime/channels";
import type { Front } from "./scale-out-front";

export type Browser = { name: string; seen: Set<string>; close: () => void };

/** Subscribed to every ticket list of the company (an admin's view): each new message's appMessage create. */
export async function openBrowser(front: Front, realtime: { key: string; port: number }, companyId: number): Promise<Browser> {
  const client = new PusherJs(realtime.key, {
    cluster: "mt1",
    wsHost: "127.0.0.1",
    wsPort: realtime.port,
    forceTLS: false,
    enabledTransports: ["ws"],
    disableStats: true,
    channelAuthorization: {
      customHandler: ({ socketId, channelName }, callback) =>
        void front.authorize(socketId, channelName).then(
          (signed) => callback(null, signed),
          (err: Error) => callback(err, null),
        ),
    },
  });
  const seen = new Set<string>();
  const statuses = ["pending", "open", "closed"] as const;
  await Promise.all(
    statuses.map(
      (status) =>
        new Promise<void>((resolve, reject) => {
          const channel = client.subscribe(channels.allTickets(companyId, status));
          channel.bind("pusher:subscription_succeeded", () => resolve());
          channel.bind("pusher:subscription_error", (e: unknown) => reject(new Error(`${front.name}: subscription refused ${JSON.stringify(e)}`)));
          channel.bind(EVENTS.appMessage, (data: { action: string; message?: { wid?: string } }) => {
            if (data.action === "create" && data.message?.wid) seen.add(data.message.wid);
          });
        }),
    ),
  );
  return { name: `browser via ${front.name}`, seen, close: () => client.disconnect() };
}

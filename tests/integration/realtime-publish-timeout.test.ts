import { expect, it } from "vitest";
import { publish, PUBLISH_TIMEOUT_MS } from "@/lib/realtime/publish";
import { installFakePusher } from "../helpers/fake-pusher";

// A realtime server that takes the request and never answers must not hold the caller: the inbound
// path awaits publish for one message after another, so a stalled publish would stall the
// connection. publish gives up after PUBLISH_TIMEOUT_MS and logs it (best effort, as documented).
const received: string[] = [];
installFakePusher((req) => void received.push(req.url ?? ""));

it("gives up on a realtime server that never answers, after the timeout and not before", async () => {
  const started = Date.now();
  // more entries than one batch holds: the second batch is not sent to a server that did not answer the first
  const channels = Array.from({ length: 12 }, (_, i) => `company-1-tickets-${i}`);
  await publish({ channels, event: "ticket", data: { action: "update", ticketId: 1 } });
  const waited = Date.now() - started;
  // one call's events go as batch requests, in order (lib/realtime/publish.ts)
  expect(received.some((url) => url.startsWith("/apps/1/batch_events"))).toBe(true);
  expect(waited).toBeGreaterThanOrEqual(PUBLISH_TIMEOUT_MS - 50);
  expect(waited).toBeLessThan(PUBLISH_TIMEOUT_MS + 2_000);
  expect(received.filter((url) => url.startsWith("/apps/1/batch_events"))).toHaveLength(1);
});

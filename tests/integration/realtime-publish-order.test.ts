import { expect, it } from "vitest";
import { publish } from "@/lib/realtime/publish";
import { installFakePusher } from "../helpers/fake-pusher";

// One publish call's events must reach browsers in the order given: a ticket leaving a list (a
// delete on its old channel) before entering another (an update on the new one). Sent as parallel
// requests they could arrive the other way round (seen in the e2e suite: the ticket vanished from
// the agent's list). publish sends them as batch requests, one after the other, in order.
const requests: { url: string; at: number; entries: { channel: string; name: string }[] }[] = [];
const answered: number[] = [];
installFakePusher((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    requests.push({ url: req.url ?? "", at: Date.now(), entries: (JSON.parse(body) as { batch?: { channel: string; name: string }[] }).batch ?? [] });
    // a slow server: a second request sent in parallel would come before this answer
    setTimeout(() => {
      answered.push(Date.now());
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    }, 60);
  });
});

it("sends one call's events in order: batches of 10 channel entries, each after the one before was answered", async () => {
  const leave = { channels: ["private-company-1-tickets-none-pending"], event: "ticket", data: { action: "delete", ticketId: 4 } };
  const enter = { channels: ["private-company-1-tickets-9-pending", "private-company-1-tickets-all-pending"], event: "ticket", data: { action: "update" } };
  const said = { channels: Array.from({ length: 9 }, (_, i) => `private-company-1-ticket-${i}`), event: "appMessage", data: { action: "create" } };
  await publish(leave, enter, said);
  expect(requests.map((r) => r.url.split("?")[0])).toEqual(["/apps/1/batch_events", "/apps/1/batch_events"]);
  const entries = requests.flatMap((r) => r.entries.map((e) => `${e.name}@${e.channel}`));
  expect(entries).toEqual([
    "ticket@private-company-1-tickets-none-pending",
    "ticket@private-company-1-tickets-9-pending",
    "ticket@private-company-1-tickets-all-pending",
    ...said.channels.map((c) => `appMessage@${c}`),
  ]);
  expect(requests[0].entries).toHaveLength(10);
  expect(requests[1].at).toBeGreaterThanOrEqual(answered[0]);
});

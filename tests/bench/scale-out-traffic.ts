// The proof's traffic: customers write to every connection through the web fronts in turn, and
// agents answer each message once it arrived, through the other front. Runs until stopped.
import type { Front } from "./scale-out-front";
import { ingested } from "./scale-out-world";

export type Traffic = {
  inbound: string[];
  replies: string[];
  /** connection id → the wids its customer sent */
  byConnection: Map<number, string[]>;
  stop: () => Promise<void>;
  /** answers the messages that arrived since the last pass (also after stop, to drain) */
  replyPass: () => Promise<number>;
};

export function startTraffic(fronts: Front[], connectionIds: number[], opts: { roundMs: number; tag: string }): Traffic {
  const inbound: string[] = [];
  const replies: string[] = [];
  const byConnection = new Map<number, string[]>(connectionIds.map((id) => [id, []]));
  const unanswered = new Set<string>();
  let running = true;
  let round = 0;

  const sendRound = async () => {
    const r = round++;
    await Promise.all(
      connectionIds.map(async (id, i) => {
        const wid = `${opts.tag}R${r}C${id}`;
        const front = fronts[(r + i) % fronts.length];
        // one customer per connection: their ticket takes every reply
        await front.inbound(id, { id: wid, from: `55119${String(id).padStart(8, "0")}`, name: `Customer ${id}`, body: `message ${r} to ${id}` });
        inbound.push(wid);
        byConnection.get(id)!.push(wid);
        unanswered.add(wid);
      }),
    );
  };

  let replying: Promise<number> | null = null;
  const replyPass = () =>
    (replying ??= (async () => {
      const arrived = await ingested([...unanswered]);
      let n = 0;
      for (const [wid, ticketId] of arrived) {
        // the front the customer did not use answers
        const front = fronts[(inbound.indexOf(wid) + 1) % fronts.length];
        unanswered.delete(wid);
        replies.push(await front.reply(ticketId, `answer to ${wid}`));
        n++;
      }
      return n;
    })().finally(() => (replying = null)));

  const loops = Promise.all([
    (async () => {
      while (running) {
        const started = Date.now();
        await sendRound();
        await new Promise((r) => setTimeout(r, Math.max(0, opts.roundMs - (Date.now() - started))));
      }
    })(),
    (async () => {
      while (running) {
        await replyPass();
        await new Promise((r) => setTimeout(r, 150));
      }
    })(),
  ]);

  return {
    inbound,
    replies,
    byConnection,
    replyPass,
    async stop() {
      running = false;
      await loops;
    },
  };
}

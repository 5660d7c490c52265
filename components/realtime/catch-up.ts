/** What the watcher needs of a pusher-js channel. */
export type WatchedChannel = {
  readonly subscribed: boolean;
  bind(event: string, callback: () => void): unknown;
  unbind(event: string, callback: () => void): unknown;
};

const SUCCEEDED = "pusher:subscription_succeeded";
const FAILED = "pusher:subscription_error";

/**
 * Calls `catchUp` once each time a view's channels have all (re)subscribed. An event published
 * before a channel's subscription succeeds reaches nobody: after the page's first subscription
 * (events between the server render and then) and after each reconnect (pusher-js unsubscribes
 * every channel on a drop and subscribes them again) the view must fetch what it missed.
 *
 * Channels succeeding one after the other give one call, when the last one is in; a refused
 * channel (subscription error) counts as settled, so the others still catch up. `now`: the view's
 * data is older than its mount (server-rendered), so channels already subscribed by other views
 * call it once at once. Returns the unbinding.
 */
export function watchCatchUp(list: WatchedChannel[], catchUp: () => void, opts: { now?: boolean } = {}): () => void {
  const refused = new Set<WatchedChannel>();
  let missed = false; // a subscription succeeded since the last call
  const settled = () => list.every((c) => c.subscribed || refused.has(c));
  const check = () => {
    if (!missed || !settled()) return;
    missed = false;
    catchUp();
  };
  const unbinds = list.map((channel) => {
    const ok = () => {
      refused.delete(channel);
      missed = true;
      check();
    };
    const failed = () => {
      refused.add(channel);
      check();
    };
    channel.bind(SUCCEEDED, ok);
    channel.bind(FAILED, failed);
    return () => {
      channel.unbind(SUCCEEDED, ok);
      channel.unbind(FAILED, failed);
    };
  });
  if (opts.now && list.length > 0 && list.every((c) => c.subscribed)) catchUp();
  return () => unbinds.forEach((u) => u());
}

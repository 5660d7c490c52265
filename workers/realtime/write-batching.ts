// Coalesces the frames a socket receives within one turn of the event loop into one write. On a
// fan-out server the kernel write per socket is the cost (a profile of the benchmark puts ~70 % of
// the server's time in writev), so when several events arrive together each socket gets them in a
// single syscall. A lone event is not delayed: the flush runs right after the current I/O phase.
export type Corkable = { uncork(): void };

const corked: Corkable[] = [];
let isScheduled = false;

function flush(): void {
  isScheduled = false;
  for (const target of corked.splice(0)) target.uncork();
}

/** Registers a socket just corked; every registered socket is uncorked together in setImmediate. */
export function uncorkSoon(target: Corkable): void {
  corked.push(target);
  if (!isScheduled) {
    isScheduled = true;
    setImmediate(flush);
  }
}

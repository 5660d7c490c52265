import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { spawnChild } from "./children";

export const hasProductionBuild = () => fs.existsSync(path.join(".next", "BUILD_ID"));

const KEEP_ALIVE_MS = 65_000;

/** `next start` as a child; on SIGTERM it stops listening and exits once requests in flight are answered. */
export function startNextServer(host: string, port: number) {
  const nextBin = path.join("node_modules", "next", "dist", "bin", "next");
  // the hooks: route handlers get the socket's address (lib/auth/client-address.ts says why);
  // keep-alive connections close during the drain and the stop (keep-alive-drain-hook.mjs)
  const hooks = ["client-address-hook.mjs", "keep-alive-drain-hook.mjs"].flatMap((file) => ["--import", pathToFileURL(path.resolve("workers", file)).href]);
  // idle keep-alive sockets stay open 65 s, not Node's 5: a client (a proxy, a browser, an API
  // caller) that reuses one just as the server closes it gets ECONNRESET on its request; proxies
  // keep theirs up to 60 s, so the server must outlast them
  return spawnChild([...hooks, nextBin, "start", "-H", host, "-p", String(port), "--keepAliveTimeout", String(KEEP_ALIVE_MS)]);
}

export async function waitForServer(url: string) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not answer at ${url}`);
}

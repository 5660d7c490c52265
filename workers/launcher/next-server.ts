import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { spawnChild } from "./children";

export const hasProductionBuild = () => fs.existsSync(path.join(".next", "BUILD_ID"));

/** `next start` as a child; on SIGTERM it stops listening and exits once requests in flight are answered. */
export function startNextServer(host: string, port: number) {
  const nextBin = path.join("node_modules", "next", "dist", "bin", "next");
  // the hook hands route handlers the socket's address (lib/auth/client-address.ts says why)
  const hook = pathToFileURL(path.resolve("workers", "client-address-hook.mjs")).href;
  return spawnChild(["--import", hook, nextBin, "start", "-H", host, "-p", String(port)]);
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

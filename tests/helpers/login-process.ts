// One "app instance" for the two-process attempt-limit test: a separate Node process that runs the
// real POST /api/auth/login handler against DATABASE_URL. It reads one JSON request per stdin line
// ({ email, password, address }) and answers one JSON line ({ pid, status, error, retryAfter }).
import { createInterface } from "node:readline";
import { NextRequest } from "next/server";
import { closeDb } from "@/db";
import { POST as login } from "@/app/api/auth/login/route";
import { SOCKET_ADDRESS_HEADER } from "@/lib/auth/client-address";

const lines = createInterface({ input: process.stdin });
process.stdout.write(`${JSON.stringify({ pid: process.pid, ready: true })}\n`);

// one request at a time, in order: the parent waits for each answer before sending the next
let queue = Promise.resolve();
lines.on("line", (line) => {
  queue = queue.then(async () => {
    const { email, password, address } = JSON.parse(line) as { email: string; password: string; address: string };
    const req = new NextRequest("http://127.0.0.1:3000/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", [SOCKET_ADDRESS_HEADER]: address },
      body: JSON.stringify({ email, password }),
    });
    const res = await login(req, { params: Promise.resolve({}) });
    const body = (await res.json()) as { error?: string };
    const answer = { pid: process.pid, status: res.status, error: body.error ?? null, retryAfter: res.headers.get("retry-after") };
    process.stdout.write(`${JSON.stringify(answer)}\n`);
  });
});
lines.on("close", () => void queue.then(() => closeDb()).then(() => process.exit(0)));

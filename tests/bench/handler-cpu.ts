// Where the list handler's own time goes: node CPU per request of GET /api/tickets beside its bare
// SQL replayed (the same statements), on the large tenant. Profile it with `node --cpu-prof`.
//   BENCH_DB_URL=postgres://postgres@127.0.0.1:5432/bench_large node --import tsx tests/bench/handler-cpu.ts [query]
import { performance } from "node:perf_hooks";
import { NextRequest } from "next/server";
import { GET as listTickets } from "@/app/api/tickets/route";
import { loginAs } from "../helpers/factories";
import { BASE_URL, type Handler } from "../helpers/http";
import { onLargeTenant } from "./on-large-tenant";
import { capture, installCapture, replay } from "./sql-capture";

const N = Number(process.env.BENCH_ROUNDS ?? 3000);

onLargeTenant(async (tenant) => {
  const who = process.env.BENCH_WHO === "admin" ? tenant.admin : tenant.agents[0];
  const { token } = await loginAs(who);
  const url = `/api/tickets?${process.argv[2] ?? "status=open&pageNumber=1"}`;
  const handler = listTickets as Handler;
  const call = async () => {
    const req = new NextRequest(new URL(url, BASE_URL), { headers: { authorization: `Bearer ${token}` } });
    const res = await handler(req, { params: Promise.resolve({}) });
    return res.arrayBuffer();
  };
  installCapture();
  const { waves } = await capture(call);
  for (let i = 0; i < 200; i++) await call();
  for (const [label, fn] of [["handler", call], ["bare SQL", () => replay(waves)]] as const) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < N; i++) await fn();
    const wall = (performance.now() - t0) / N;
    const cpu = process.cpuUsage(c0);
    console.log(`${label.padEnd(9)} ${url}: ${wall.toFixed(2)} ms a request, node CPU ${((cpu.user + cpu.system) / 1000 / N).toFixed(3)} ms a request`);
  }
});

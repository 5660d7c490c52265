// The image's HEALTHCHECK: what answers depends on the process's role (workers/launcher/role.ts).
// A worker serves no HTTP: it reports itself in worker_processes (read by /api/health/ready).
const role = process.env.ROLE || "all";
const port = Number(process.env.PORT || 3000);
const url =
  role === "realtime" ? `http://127.0.0.1:${process.env.REALTIME_PORT || port + 1}/health` : role === "worker" ? null : `http://127.0.0.1:${port}/api/health`;

if (!url) process.exit(0);
try {
  const res = await fetch(url, { signal: AbortSignal.timeout(4000) });
  process.exit(res.ok ? 0 : 1);
} catch {
  process.exit(1);
}

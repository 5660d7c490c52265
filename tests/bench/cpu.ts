// CPU spent per message, the figure a busy machine disturbs least (wall time stretches with the
// queue for the cores; the work does not): this process's own CPU, plus the Postgres backends
// serving its database, read from /proc (Linux, server on this machine; otherwise only ours).
import fs from "node:fs";
import type postgres from "postgres";

const TICK_MS = 10; // USER_HZ is 100 on Linux

type Snapshot = { node: number; pg: number | null };

function backendCpuMs(pids: number[]): number | null {
  let total = 0;
  for (const pid of pids) {
    try {
      // the fields after the command name (which may hold spaces); utime and stime are 14 and 15
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      total += (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    } catch {
      return null;
    }
  }
  return total;
}

/** Starts measuring; the returned function answers the CPU ms since then (node, postgres or null). */
export async function cpuMeter(client: postgres.Sql): Promise<() => Promise<Snapshot>> {
  const pidsOf = async () =>
    (await client<{ pid: number }[]>`select pid from pg_stat_activity where datname = current_database()`).map((r) => r.pid);
  const pids = await pidsOf();
  const node0 = process.cpuUsage();
  const pg0 = backendCpuMs(pids);
  return async () => {
    const used = process.cpuUsage(node0);
    const pg1 = backendCpuMs(pids);
    return { node: (used.user + used.system) / 1000, pg: pg0 === null || pg1 === null ? null : pg1 - pg0 };
  };
}

import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { migrateDatabase } from "@/db/migrate";
import { adminUrl, DONE_SUFFIX, dropDatabase, onAdmin, serverAnswers, withDatabase } from "./test-db";

/**
 * The integration tier's global setup: migrates one template database per run, which every test
 * file copies (tests/helpers/test-db.ts). Names carry the run's process id (`test_r<pid>_tpl`, the
 * files' `test_r<pid>_<random>`), so databases left by a killed run are found and dropped at the
 * next start, while those of a run still going are left alone. A file done with its copy renames it
 * (`…_done`); this process drops those in the background, off the workers' way. Without a server the
 * files fall back to PGlite each, and no template is made.
 */
declare module "vitest" {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}

const RUN_NAME = /^test_r(\d+)_/;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function databasesOf(match: (pid: number) => boolean): Promise<string[]> {
  const rows = await onAdmin((sql) => sql<{ datname: string }[]>`select datname from pg_database where datname like 'test\\_r%'`);
  return rows.map((r) => r.datname).filter((name) => {
    const pid = RUN_NAME.exec(name)?.[1];
    return pid !== undefined && match(Number(pid));
  });
}

export default async function setup(project: TestProject) {
  if (!(await serverAnswers())) {
    project.provide("templateDatabase", "");
    return;
  }
  for (const stale of await databasesOf((pid) => pid !== process.pid && !alive(pid))) await dropDatabase(stale);
  const template = `test_r${process.pid}_tpl`;
  await dropDatabase(template);
  await onAdmin((sql) => sql.unsafe(`create database "${template}"`));
  await migrateDatabase(withDatabase(adminUrl(), template));
  project.provide("templateDatabase", template);
  const sweeper = sweepDone();
  return async () => {
    await sweeper.stop();
    // what the sweeper had not reached yet, the template, and a copy a killed file left behind
    for (const name of await databasesOf((pid) => pid === process.pid)) await dropDatabase(name);
  };
}

/** Drops this run's databases the files are done with, one at a time, on one connection, until stopped. */
function sweepDone() {
  const sql = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  const pattern = `test\\_r${process.pid}\\_%${DONE_SUFFIX}`;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const [next] = await sql<{ datname: string }[]>`select datname from pg_database where datname like ${pattern} limit 1`.catch(() => []);
      if (next) await sql.unsafe(`drop database if exists "${next.datname}" with (force)`).catch(() => {});
      else await new Promise((r) => setTimeout(r, 250));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      await sql.end({ timeout: 5 });
    },
  };
}

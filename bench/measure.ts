import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../apps/server/src/db/client.ts';

/** The p-th percentile of the values, to a tenth. */
export const percentile = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
};
/** Resident memory of this process (MB). */
export const rssMb = () => Math.round(process.memoryUsage().rss / 1_048_576);
/** Seconds since a performance.now() mark, to a hundredth. */
export const seconds = (since: number) => Math.round((performance.now() - since) / 10) / 100;

/** CPU time of this process so far (ms). */
export const cpuMs = () => {
  const cpu = process.cpuUsage();
  return (cpu.user + cpu.system) / 1000;
};

/** Busy and total CPU time of the whole machine (Linux), to show what else was running. */
export function machineTicks() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = fields.map(Number);
  const idle = n[3]! + n[4]!;
  const total = n.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/**
 * CPU used so far by this database's PostgreSQL backends, read from /proc: only when the server runs
 * on this machine (null otherwise). Connections that closed in between are not counted.
 */
export async function postgresCpuMs(db: Db): Promise<number | null> {
  const rows = await queryRows<{ pid: number }>(
    db,
    sql`select pid from pg_stat_activity where datname = current_database()`,
  );
  let ticks = 0;
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return null;
    }
  }
  return ticks * 10;
}

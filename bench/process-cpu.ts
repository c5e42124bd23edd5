import { readdirSync, readFileSync } from 'fs';

/**
 * CPU time (user + system) spent by the API process and by PostgreSQL's processes, read
 * from /proc. Per-request CPU is steadier between runs than req/s on a shared 2-core VM,
 * and it says which side a change saved on. Returns null where /proc is not there.
 */
export interface CpuSample {
  apiMs: number;
  postgresMs: number;
}

/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in these ticks (100 on every mainstream build). */
const TICKS_PER_SECOND = 100;

function cpuMsOf(pid: string): { comm: string; ms: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // comm is in parentheses and may hold spaces; the fields after it are space-separated.
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after comm.
    return { comm, ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND };
  } catch {
    return null; // the process ended between the listing and the read
  }
}

export function sampleCpu(apiPid: number): CpuSample | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  let postgresMs = 0;
  for (const pid of pids) {
    const cpu = cpuMsOf(pid);
    if (cpu?.comm === 'postgres') postgresMs += cpu.ms;
  }
  const api = cpuMsOf(String(apiPid));
  return api ? { apiMs: api.ms, postgresMs } : null;
}

/**
 * CPU per request between two samples, in ms. PostgreSQL backends that exit between the
 * samples take their time with them, so the bench keeps its connections open meanwhile
 * (the API's pool does).
 */
export function cpuPerRequest(before: CpuSample | null, after: CpuSample | null, requests: number): { apiMs: number; postgresMs: number } | undefined {
  if (!before || !after || requests <= 0) return undefined;
  const round = (ms: number) => Math.round((ms / requests) * 100) / 100;
  return { apiMs: round(after.apiMs - before.apiMs), postgresMs: round(Math.max(0, after.postgresMs - before.postgresMs)) };
}

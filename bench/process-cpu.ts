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

export function cpuMsOf(pid: string): { comm: string; ms: number } | null {
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

/** Busy and total CPU time of the whole machine so far, from /proc/stat's first line (all cores). */
export interface MachineCpuSample {
  busy: number;
  total: number;
}

export function sampleMachineCpu(): MachineCpuSample | null {
  try {
    const first = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0];
    // cpu user nice system idle iowait irq softirq steal ...: idle and iowait are the idle part.
    const ticks = first.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = ticks.reduce((a, b) => a + b, 0);
    return { busy: total - ticks[3] - ticks[4], total };
  } catch {
    return null;
  }
}

/**
 * The share of the machine's CPU (all cores) that was busy between two samples, in
 * percent: near 100, a run was bound by CPU, and a faster build has to cost less of it.
 */
export function machineBusyPercent(before: MachineCpuSample | null, after: MachineCpuSample | null): number | undefined {
  if (!before || !after || after.total <= before.total) return undefined;
  return Math.round(((after.busy - before.busy) / (after.total - before.total)) * 100);
}

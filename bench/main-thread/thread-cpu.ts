// CPU time of the page's dedicated worker, read from /proc (Linux): CDP's CPU throttling does not reach
// workers and CDP's Performance domain does not run in a worker target, so the OS's count of the worker
// thread's CPU time is the honest figure. Chromium names that thread "DedicatedWorker thread".
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Passed to the browser so its processes (and only this benchmark's) can be found. */
export const BROWSER_MARKER = '--candlewick-main-thread-bench';

const ticksPerSecond = ((): number => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

const read = (path: string): string | null => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};

/** Fields after "(comm) ": state is [0], ppid [1], utime [11], stime [12]. */
const statFields = (path: string): string[] => (read(path) ?? '').split(') ')[1]?.split(' ') ?? [];

function ours(pid: number): boolean {
  let at = pid;
  for (let depth = 0; depth < 8 && at > 1; depth++) {
    if ((read(`/proc/${at}/cmdline`) ?? '').includes(BROWSER_MARKER)) return true;
    at = Number(statFields(`/proc/${at}/stat`)[1] ?? 0);
  }
  return false;
}

/** Total CPU ms so far of every dedicated-worker thread in this benchmark's browser (null off Linux). */
export function workerCpuMs(): number | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  let ticks = 0;
  for (const pid of pids) {
    if (!(read(`/proc/${pid}/cmdline`) ?? '').includes('chromium') || !ours(Number(pid))) continue;
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      if (!(read(`/proc/${pid}/task/${tid}/comm`) ?? '').startsWith('DedicatedWorker')) continue;
      const f = statFields(`/proc/${pid}/task/${tid}/stat`);
      ticks += Number(f[11] ?? 0) + Number(f[12] ?? 0);
    }
  }
  return (ticks * 1000) / ticksPerSecond;
}

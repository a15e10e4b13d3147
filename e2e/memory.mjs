// The memory Chromium's page processes use, read from /proc (Linux).
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The largest peak resident memory (VmHWM) of Chromium's renderer processes, in MB. */
export function rendererPeakMb() {
  let peak = 0;
  const pids = execSync("pgrep -f -- '--type=renderer' || true").toString().split(/\s+/);
  for (const pid of pids.filter(Boolean)) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number((status.match(/VmHWM:\s+(\d+)/) || [])[1] || 0);
      peak = Math.max(peak, kb / 1024);
    } catch { /* the process ended */ }
  }
  return Math.round(peak);
}

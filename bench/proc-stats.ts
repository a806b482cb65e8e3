/**
 * Reads a process's CPU time and memory from /proc from the outside, so the measured process needs no
 * instrumentation: `utime + stime` of /proc/<pid>/stat (all threads, in clock ticks) and `VmRSS` of
 * /proc/<pid>/status.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** Clock ticks per second of /proc/<pid>/stat (`getconf CLK_TCK`, 100 on Linux almost always). */
export const CLOCK_TICKS_PER_SECOND = Number(
  (() => {
    try {
      return execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim();
    } catch {
      return "100";
    }
  })(),
);

/** CPU time (user + system, all threads) the process has used so far, in milliseconds. */
export function cpuTimeMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** Resident set size of the process now (`VmRSS`), or its peak so far (`VmHWM`), in MiB. */
export function rssMiB(pid: number, field: "VmRSS" | "VmHWM" = "VmRSS"): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = new RegExp(`^${field}:\\s+(\\d+)\\s+kB$`, "m").exec(status)?.[1];
  if (kib === undefined) throw new Error(`no ${field} for process ${pid} (has it exited?)`);
  return Number(kib) / 1024;
}

/** A CPU and wall-clock reading, to subtract from a later one. */
export interface CpuMark {
  cpuMs: number;
  wallMs: number;
}

/** Marks the process's CPU time and the wall clock now. */
export function markCpu(pid: number): CpuMark {
  return { cpuMs: cpuTimeMs(pid), wallMs: performance.now() };
}

/** CPU used since `mark`, and the share of one core it was (1 = one core busy all the time). */
export function cpuSince(pid: number, mark: CpuMark): { cpuMs: number; wallMs: number; coreShare: number } {
  const now = markCpu(pid);
  const cpuMs = now.cpuMs - mark.cpuMs;
  const wallMs = now.wallMs - mark.wallMs;
  return { cpuMs, wallMs, coreShare: wallMs > 0 ? cpuMs / wallMs : 0 };
}

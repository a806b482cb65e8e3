/**
 * The benchmark's results as a table for stdout and a JSON file under bench/results/, each row with its
 * target and whether it was met.
 */
import type { PoolResult } from "./scenario-pool.js";
import type { PoolBlockedResult } from "./scenario-pool-blocked.js";
import { mkdir, writeFile } from "node:fs/promises";
import { cpus, loadavg, release, totalmem } from "node:os";
import { join } from "node:path";
import {
  KNEE_JOBS,
  kneeP99TargetMs,
  kneePasses,
  type CallsPerJobResult,
  type KneeResult,
} from "./scenario-calls.js";
import type { FleetResult, FleetRun } from "./scenario-fleet.js";
import type { LatencyResult } from "./scenario-latency.js";
import type { ScaleResult } from "./scenario-scale.js";
import type { SoakResult } from "./scenario-soak.js";
import type { Row } from "./report-row.js";
import { soakRows } from "./report-soak.js";
import type { StartupResult } from "./scenario-startup.js";
import { PROJECT_ROOT } from "./processes.js";
import { median, round } from "./stats.js";

/** Everything one benchmark run measured. */
export interface BenchResults {
  startup?: StartupResult;
  calls?: CallsPerJobResult[];
  /** One server: all jobs in one channel, then spread over several. */
  knee?: KneeResult[];
  latency?: LatencyResult[];
  scale?: ScaleResult[];
  fleet?: FleetResult;
  soak?: SoakResult;
  /** 1, 2 and 4 ImagineAPI servers behind the bot's queue. */
  pool?: PoolResult[];
  /** Two servers, server 1's account blocked mid-run. */
  poolBlocked?: PoolBlockedResult;
}

/** The blocked-account rows: jobs/min against one server's, and creates to the held server after its notice. */
function poolBlockedRows(blocked: PoolBlockedResult | undefined, pool: readonly PoolResult[]): Row[] {
  if (!blocked) return [];
  const one = pool.find((p) => p.servers === 1)?.jobsPerMinute;
  const area = `pool 2 x 3 slots, server 1 blocked mid-run, ${blocked.jobs} jobs of ${blocked.jobDurationMs / 1000} s`;
  return [
    {
      area,
      measure: `jobs/min (completed per server ${blocked.completed.join(", ")}; ${blocked.noticed} notices)`,
      result: String(blocked.jobsPerMinute),
      target: one === undefined ? "" : `>= ${(0.9 * one).toFixed(1)} (0.9 x 1 server's)`,
      met: one === undefined ? null : blocked.jobsPerMinute >= 0.9 * one,
    },
    {
      area,
      measure: "creates to the held server after its notice",
      result: String(blocked.createsAfterNotice),
      target: "0",
      met: blocked.createsAfterNotice === 0,
    },
  ];
}

/** The pool's rows: jobs per minute against N x one server's, and each server's most jobs at once. */
function poolRows(pool: readonly PoolResult[]): Row[] {
  const one = pool.find((p) => p.servers === 1)?.jobsPerMinute;
  return pool.flatMap((p) => {
    const area = `pool ${p.servers} x ${p.slotsPerServer} slots, ${p.jobs} jobs of ${p.jobDurationMs / 1000} s`;
    const target = one === undefined ? null : 0.9 * p.servers * one;
    return [
      {
        area,
        measure: "jobs/min",
        result: String(p.jobsPerMinute),
        target: target === null || p.servers === 1 ? "" : `>= ${target.toFixed(1)} (0.9 x N x 1 server's)`,
        met: target === null || p.servers === 1 ? null : p.jobsPerMinute >= target,
      },
      {
        area,
        measure: "most jobs at once per server",
        result: p.maxInFlight.join(", "),
        target: `<= ${p.slotsPerServer}`,
        met: p.maxInFlight.every((m) => m <= p.slotsPerServer),
      },
    ];
  });
}

/** A target given in MB (10^6 bytes), in MiB as /proc reports memory. */
const mib = (mb: number) => (mb * 1e6) / 2 ** 20;

function callsRow(c: CallsPerJobResult): Row {
  const k = c.bot;
  return {
    area: `1 calls/job, ${c.shape.label}`,
    measure: `bot, median of ${k.jobs} jobs (max)`,
    result: `${k.total} (defer ${k.defer}, edits ${k.edits}, result ${k.final}, delete ${k.deletes}; max ${c.botMax})${k.rateLimited ? `, ${k.rateLimited} x 429` : ""}`,
    target: `<= ${c.floor} (2 + ${c.visibleChanges} changes)`,
    met: k.total <= c.floor,
  };
}

function kneeRows(k: KneeResult): Row[] {
  const area = `1 one server, ${k.channels} channel${k.channels === 1 ? "" : "s"}`;
  const { step } = k;
  const perResult = (values: number[]) => round(median(values) / KNEE_JOBS, 2);
  return [
    {
      area,
      measure: `${KNEE_JOBS} results ending together: 429s, completed to result p99`,
      result: `${step.rateLimited.join("+")} x 429, p99 ${round(step.completionToResultMs.p99, 0)} ms (median ${round(step.completionToResultMs.median, 0)})`,
      target: `0, <= ${kneeP99TargetMs(k.channels)} ms`,
      met: kneePasses(k),
    },
    {
      area,
      measure: "Discord calls per result (all routes), channel messages per result",
      result: `${perResult(step.calls)} calls, ${perResult(step.resultPosts)} messages`,
      target: "calls <= 14 (the calls/job floor)",
      met: median(step.calls) / KNEE_JOBS <= 14,
    },
  ];
}

/** Throughput of 1-3 processes next to SQLite, the fleet cap's cost and the takeover time. */
function fleetRows(f: FleetResult): Row[] {
  const area = "6 fleet";
  const rows: Row[] = f.runs.map((run) => ({
    area,
    measure: `${run.label}: ${run.jobs} jobs at once`,
    result:
      `${run.jobsPerSecond} jobs/s (${round(run.durationMs / 1000)} s), calls/job ${run.callsPerJob.median} ` +
      `(max ${run.callsPerJob.max})` +
      (run.proxy
        ? `, ${run.rateLimited} x 429 from Discord, ${run.proxyRateLimited} x 429 from the proxy` +
          (run.proxyHeld ? `, ${run.proxyHeld.calls} held (longest ${run.proxyHeld.longestMs} ms)` : "")
        : `${run.rateLimited ? `, ${run.rateLimited} x 429` : ""}`) +
      `${run.peakBotCallsPerSecond === undefined ? "" : `, peak ${run.peakBotCallsPerSecond} bot calls/s`}` +
      `${run.busiestBotSecond === undefined ? "" : ` (${run.busiestBotSecond} in any 1 s)`}` +
      `${run.unanswered ? `, ${run.unanswered} commands unanswered (load)` : ""}`,
    target: "",
    met: null,
  }));
  const find = (store: string, processes: number, capped: boolean, proxy = false) =>
    f.runs.filter(
      (r) =>
        r.store === store &&
        r.processes === processes &&
        (r.fleetCap !== null) === capped &&
        (r.proxy ?? false) === proxy,
    );
  const mean = (runs: FleetRun[], of: (r: FleetRun) => number) =>
    round(runs.reduce((sum, r) => sum + of(r), 0) / runs.length, 2);
  const sqlite = find("sqlite", 1, false);
  const postgres = find("postgres", 1, false);
  if (sqlite.length > 0 && postgres.length > 0) {
    const jobs = [mean(sqlite, (r) => r.jobsPerSecond), mean(postgres, (r) => r.jobsPerSecond)] as const;
    const calls = [mean(sqlite, (r) => r.callsPerJob.median), mean(postgres, (r) => r.callsPerJob.median)];
    rows.push({
      area,
      measure: `SQLite (mean of ${sqlite.length} runs) vs Postgres, 1 process: jobs/s, calls/job`,
      result: `${jobs[0]} vs ${jobs[1]}, ${calls[0]} vs ${calls[1]}`,
      target: ">= 0.9x, <=",
      met: jobs[0] >= 0.9 * jobs[1] && calls[0]! <= calls[1]!,
    });
  }
  const three = find("postgres", 3, false)[0];
  const capped = find("postgres", 3, true)[0];
  if (three && capped) {
    rows.push({
      area,
      measure: `3 processes, cost of SERVICE_FLEET_MAX_CONCURRENCY=${capped.fleetCap}`,
      result: `${capped.jobsPerSecond} vs ${three.jobsPerSecond} jobs/s = ${round(capped.jobsPerSecond / three.jobsPerSecond, 2)}x`,
      target: "",
      met: null,
    });
  }
  const proxied = find("postgres", 3, false, true)[0];
  const alone = find("postgres", 1, false)[0];
  if (proxied && alone) {
    rows.push({
      area,
      measure: "3 processes through the proxy vs 1 process: 429s from Discord, jobs/s",
      result:
        `${proxied.rateLimited} vs ${alone.rateLimited} x 429 (and ${proxied.proxyRateLimited} x 429 from the proxy), ` +
        `${proxied.jobsPerSecond} vs ${alone.jobsPerSecond} jobs/s = ${round(proxied.jobsPerSecond / alone.jobsPerSecond, 2)}x`,
      target: "<=, >= 0.9x",
      met: proxied.rateLimited <= alone.rateLimited && proxied.jobsPerSecond >= 0.9 * alone.jobsPerSecond,
    });
  }
  const t = f.takeover;
  if (t) {
    const limit = t.leaseMs + t.pollIntervalMs;
    rows.push({
      area,
      measure: `takeover after SIGKILL, kill to result (${t.kills} kills, n=${t.takeoverMs.n})`,
      result: `median ${round(t.takeoverMs.median / 1000)} s, max ${round(t.takeoverMs.max / 1000)} s (lease ${t.leaseMs / 1000} s, poll ${t.pollIntervalMs / 1000} s)`,
      target: `max <= ${limit / 1000} s`,
      met: t.takeoverMs.max <= limit,
    });
  }
  return rows;
}

/** The table rows with targets. */
export function rowsOf(r: BenchResults): Row[] {
  const rows: Row[] = [];
  for (const c of r.calls ?? []) rows.push(callsRow(c));
  rows.push(...poolRows(r.pool ?? []));
  rows.push(...poolBlockedRows(r.poolBlocked, r.pool ?? []));
  for (const k of r.knee ?? []) rows.push(...kneeRows(k));
  for (const s of r.scale ?? []) {
    const area =
      s.heapGrowthPercent === null
        ? `2/3 ${s.jobs} jobs`
        : `2/3 ${s.jobs} jobs, growth ${s.heapGrowthPercent}`;
    rows.push(
      {
        area,
        measure: "polls/s served (asked)",
        result: `${s.bot.pollsPerSecond} (${s.demandedPollsPerSecond})`,
        target: "",
        met: null,
      },
      {
        area,
        measure: "CPU/poll bot vs floor",
        result: `${s.bot.cpuMsPerPoll} vs ${s.floor.cpuMsPerPoll} ms = ${s.costRatio}x`,
        target: "<= 1.5x",
        met: s.costRatio <= 1.5,
      },
      {
        area,
        measure: "bot CPU share",
        result: `${round(s.bot.coreShare * 100)} % of a core`,
        target: "",
        met: null,
      },
      {
        area,
        measure: "bot RSS (peak)",
        result: `${s.bot.rssMiB} MiB (${s.botPeakRssMiB})`,
        target: s.jobs >= 10_000 ? "< 200 MB, peak too" : "",
        met: s.jobs >= 10_000 ? Math.max(s.bot.rssMiB, s.botPeakRssMiB) < mib(200) : null,
      },
    );
  }
  for (const l of r.latency ?? []) {
    const area = `4 latency, ${l.mode}`;
    if (l.mode === "poll") {
      const limit = l.pollIntervalMs / 2 + 50;
      rows.push({
        area,
        measure: `median, interval ${l.pollIntervalMs} ms (n=${l.latencyMs.n})`,
        result: `${round(l.latencyMs.median, 0)} ms (p99 ${round(l.latencyMs.p99, 0)})`,
        target: `<= ${limit} ms`,
        met: l.latencyMs.median <= limit,
      });
    } else {
      rows.push({
        area,
        measure: `p99 (n=${l.latencyMs.n})`,
        result: `${round(l.latencyMs.p99, 0)} ms (median ${round(l.latencyMs.median, 0)})`,
        target: "<= 100 ms",
        met: l.latencyMs.p99 <= 100,
      });
    }
  }
  if (r.fleet) rows.push(...fleetRows(r.fleet));
  if (r.startup) {
    const s = r.startup;
    const area = "5 start-up";
    rows.push(
      {
        area,
        measure: `spawn to gateway READY, median (n=${s.runs})`,
        result: `${round(s.toGatewayReadyMs.median, 0)} ms`,
        target: "<= 1500 ms",
        met: s.toGatewayReadyMs.median <= 1500,
      },
      {
        area,
        measure: `npm start to gateway READY, median (n=${s.runs})`,
        result: `${round(s.npmStartToGatewayReadyMs.median, 0)} ms`,
        target: "<= 2000 ms",
        met: s.npmStartToGatewayReadyMs.median <= 2000,
      },
      {
        area,
        measure: `RSS ${s.startSettleMs / 1000} s after the gateway, median`,
        result: `${round(s.startRssMiB.median)} MiB`,
        target: "",
        met: null,
      },
      {
        area,
        measure: `idle RSS (${s.settleMs / 1000} s after the gateway), median`,
        result: `${round(s.idleRssMiB.median)} MiB`,
        target: "<= 100 MB",
        met: s.idleRssMiB.median <= mib(100),
      },
    );
  }
  if (r.soak) rows.push(...soakRows(r.soak));
  return rows;
}

/** The rows as an aligned text table. */
export function formatTable(rows: Row[]): string {
  const cells = rows.map((r) => [
    r.area,
    r.measure,
    r.result,
    r.target,
    r.met === null ? "" : r.met ? "yes" : "NO",
  ]);
  const header = ["Area", "Measure", "Result", "Target", "Met"];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(" | ")} |`;
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...cells.map(line)].join("\n");
}

/** The machine the numbers come from. */
export function machine(): Record<string, unknown> {
  return {
    cpu: cpus()[0]?.model ?? "unknown",
    cores: cpus().length,
    memoryGiB: round(totalmem() / 2 ** 30),
    node: process.version,
    kernel: release(),
    loadAverage: loadavg().map((v) => round(v, 2)),
  };
}

/** Writes the results to bench/results/<time>.json and bench/results/latest.json; returns the first path. */
export async function writeResults(document: Record<string, unknown>): Promise<string> {
  const directory = join(PROJECT_ROOT, "bench/results");
  await mkdir(directory, { recursive: true });
  const text = `${JSON.stringify(document, null, 2)}\n`;
  const file = join(directory, `${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  await writeFile(file, text);
  await writeFile(join(directory, "latest.json"), text);
  return file;
}

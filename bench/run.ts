/**
 * `npm run bench [-- --quick] [-- --only startup,calls,knee,latency,scale,fleet,pool] [-- --no-build]`:
 * builds the bot, starts the Discord emulator, and runs each scenario with the bot in its own process
 * against its own reference-service process. Prints a table and writes bench/results/<time>.json.
 * See bench/README.md for the method.
 */
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { histogramSvg, lineChartSvg, writeSvg } from "./plots.js";
import { runPool } from "./scenario-pool.js";
import { runPoolBlocked } from "./scenario-pool-blocked.js";
import { formatTable, machine, rowsOf, writeResults, type BenchResults } from "./report.js";
import { PROJECT_ROOT } from "./processes.js";
import { runCallsPerJob, runKnee, type JobShape } from "./scenario-calls.js";
import { runLatency } from "./scenario-latency.js";
import { FLEET_SHARD_GUILDS, runFleet } from "./scenario-fleet.js";
import { runScale } from "./scenario-scale.js";
import { runSoak } from "./scenario-soak.js";
import { runStartup } from "./scenario-startup.js";
import { extraBotEnv, startEmulator, startService } from "./stack.js";

const SCENARIOS = ["startup", "calls", "knee", "latency", "scale", "fleet", "pool", "soak"] as const;
type Scenario = (typeof SCENARIOS)[number];

/** Defaults of 3000 ms scaled down 6x; one progress step per poll: a ~30 s job at the defaults. */
const TYPICAL: JobShape = {
  label: "typical",
  tickMs: 500,
  pollIntervalMs: 500,
  progressIntervalMs: 500,
  steps: 10,
};
/** Same, with a progress step every 5 polls: a ~2.5 min job at the defaults (relax mode, a busy upstream). */
const SLOW: JobShape = { ...TYPICAL, label: "slow", tickMs: 2500 };
/** Typical jobs behind a service generating one image at a time: each waits in `pending` for the others. */
const QUEUED: JobShape = { ...TYPICAL, label: "queued", serviceConcurrency: 1 };
/** Channels of the one server in the knee's second part. */
const SERVER_CHANNELS = 5;

const { values } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    only: { type: "string" },
    "no-build": { type: "boolean", default: false },
    "bot-node-options": { type: "string" },
    "scale-jobs": { type: "string", default: "1000,10000" },
    "soak-jobs": { type: "string" },
    "soak-rate": { type: "string", default: "20" },
    "soak-dir": { type: "string" },
    "soak-warm-snapshot": { type: "boolean", default: false },
    "soak-compare": { type: "string" },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log(
    `Usage: npm run bench -- [--quick] [--only ${SCENARIOS.join(",")}] [--no-build] [--bot-node-options "FLAGS"] [--scale-jobs 1000,10000] [--soak-jobs 20000] [--soak-rate 20] [--soak-dir DIR] [--soak-warm-snapshot] [--soak-compare FILE.heapsnapshot]`,
  );
  process.exit(0);
}
const only = values.only?.split(",").map((s) => s.trim()) ?? [...SCENARIOS];
const unknown = only.filter((s) => !SCENARIOS.includes(s as Scenario));
if (unknown.length > 0) {
  console.error(`Unknown scenario(s): ${unknown.join(", ")}. Known: ${SCENARIOS.join(", ")}`);
  process.exit(1);
}
const selected = (s: Scenario) => only.includes(s);
if (values["bot-node-options"]) extraBotEnv["NODE_OPTIONS"] = values["bot-node-options"];
const quick = values.quick;
const started = Date.now();
const log = (line: string) =>
  process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(0)}s] ${line}\n`);

if (!values["no-build"]) {
  log("building (npm run build)");
  const build = spawnSync("npm", ["run", "build", "--silent"], { cwd: PROJECT_ROOT, stdio: "inherit" });
  if (build.status !== 0) log("WARNING: the build reported errors; dist/ may be incomplete");
}

const machineAtStart = machine();
const results: BenchResults = {};
const failures: { scenario: string; error: string }[] = [];
/** Runs one scenario; a failure is reported and the others still run. */
async function attempt(scenario: Scenario, run: () => Promise<void>): Promise<void> {
  if (!selected(scenario)) return;
  try {
    await run();
  } catch (error) {
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    failures.push({ scenario, error: text });
    log(`FAILED ${scenario}: ${text}`);
  }
}

const emu = await startEmulator(800, SERVER_CHANNELS, selected("fleet") ? FLEET_SHARD_GUILDS : 0);
try {
  await attempt("startup", async () => {
    const service = await startService({ tickMs: 1000 });
    try {
      results.startup = await runStartup(emu, service, {
        runs: quick ? 3 : 5,
        startSettleMs: 3000,
        settleMs: 30_000,
        log,
      });
    } finally {
      await service.proc.stop();
    }
  });
  await attempt("calls", async () => {
    results.calls = [];
    for (const shape of [TYPICAL, SLOW, QUEUED]) results.calls.push(await runCallsPerJob(emu, shape, 5, log));
  });
  await attempt("knee", async () => {
    results.knee = [];
    for (const channels of [[emu.generalId], emu.channelIds])
      results.knee.push(await runKnee(emu, TYPICAL, { channels, runs: 1, log }));
  });
  await attempt("latency", async () => {
    const rounds = quick ? 1 : 2;
    results.latency = await runLatency(emu, { jobs: quick ? 50 : 200, rounds, pollIntervalMs: 3000, log });
  });
  await attempt("scale", async () => {
    results.scale = [];
    for (const jobs of values["scale-jobs"].split(",").map(Number)) {
      // Windows of two poll intervals (3 s): jobs resumed together are polled in waves of that period,
      // which a window of another length would sample unevenly.
      const windows = { windowMs: 6000, windows: quick ? 2 : jobs >= 10_000 ? 3 : 5 };
      const warmupMs = 3000;
      results.scale.push(await runScale(emu, { jobs, warmupMs, ...windows, log }));
      // The trade-off HEAP_GROWTH_PERCENT makes: the same load with V8's own heap growth.
      if (jobs >= 10_000 && !quick)
        results.scale.push(await runScale(emu, { jobs, warmupMs, ...windows, log, heapGrowthPercent: 0 }));
    }
  });
  await attempt("fleet", async () => {
    // Full: the default lease and poll interval, so the takeover is what an owner gets out of the box.
    results.fleet = await runFleet(emu, {
      jobs: quick ? 60 : 120,
      kills: quick ? 1 : 3,
      jobsPerProcessAtKill: quick ? 6 : 10,
      leaseMs: quick ? 10_000 : 30_000,
      pollIntervalMs: 3000,
      log,
    });
  });
  await attempt("soak", async () => {
    const jobs = Number(values["soak-jobs"] ?? (quick ? 3000 : 20_000));
    results.soak = await runSoak({
      jobs,
      ratePerSecond: Number(values["soak-rate"]),
      channels: 12,
      members: 40,
      warmupJobs: Math.round(jobs / 5),
      clickEvery: 25,
      failEvery: 33,
      afterLoadMs: quick ? 30_000 : 60_000,
      heapEveryMs: 15_000,
      outputDir: values["soak-dir"] ?? join(tmpdir(), `imagine-soak-${started}`),
      warmSnapshot: values["soak-warm-snapshot"],
      compareWith: values["soak-compare"] ?? null,
      log,
    });
  });
  await attempt("pool", async () => {
    results.pool = [];
    for (const servers of [1, 2, 4]) results.pool.push(await runPool(emu, servers, log));
    results.poolBlocked = await runPoolBlocked(emu, log);
  });
} finally {
  await emu.proc.stop();
}

const rows = rowsOf(results);
console.log(`\nimagine-bot benchmark (${quick ? "quick" : "full"}), ${new Date().toISOString()}`);
console.log(formatTable(rows));
console.log(
  `Machine: ${String(machineAtStart["cpu"])}, ${String(machineAtStart["cores"])} cores, load average at start ${JSON.stringify(machineAtStart["loadAverage"])}`,
);
const file = await writeResults({
  mode: quick ? "quick" : "full",
  botNodeOptions: extraBotEnv["NODE_OPTIONS"] ?? null,
  startedAt: new Date(started).toISOString(),
  durationS: Math.round((Date.now() - started) / 1000),
  machine: { ...machineAtStart, loadAverageAtEnd: machine()["loadAverage"] },
  rows,
  results,
  failures,
});
console.log(`\nResults: ${file}`);
for (const chart of await writeCharts(dirname(file), results)) console.log(`Chart: ${chart}`);
if (failures.length > 0) {
  console.log(`Failed scenarios: ${failures.map((f) => f.scenario).join(", ")} (see the log above)`);
  process.exitCode = 1;
}

/** bench/results/memory.svg (RSS over time per scale) and latency.svg (poll-mode latency histogram). */
async function writeCharts(directory: string, r: BenchResults): Promise<string[]> {
  const written: string[] = [];
  if (r.scale && r.scale.length > 0) {
    const svg = lineChartSvg(
      "Bot RSS while following N jobs (from resume to stop)",
      { x: "seconds since spawn", y: "RSS, MiB" },
      r.scale.map((s) => ({
        label:
          s.heapGrowthPercent === null
            ? `${s.jobs} jobs`
            : `${s.jobs} jobs, heap growth ${s.heapGrowthPercent}`,
        points: s.botRssSeries,
      })),
      { value: (200 * 1e6) / 2 ** 20, label: "200 MB" },
    );
    written.push(await writeSvg(directory, "memory.svg", svg));
  }
  const poll = r.latency?.find((l) => l.mode === "poll");
  if (poll) {
    const limit = poll.pollIntervalMs / 2 + 50;
    const svg = histogramSvg(
      `Poll-mode latency, completion to result (n=${poll.samplesMs.length}, interval ${poll.pollIntervalMs} ms)`,
      { x: "ms", y: "jobs" },
      poll.samplesMs,
      100,
      [
        { at: poll.latencyMs.median, label: `median ${Math.round(poll.latencyMs.median)} ms` },
        { at: limit, label: `target median <= ${limit} ms` },
      ],
    );
    written.push(await writeSvg(directory, "latency.svg", svg));
  }
  return written;
}

/**
 * Poll cost and scale: the bot restarted with N unfinished jobs in its database (seeded, pointing at
 * records pre-created in the service that stay in progress), polling them at the default interval.
 * Measures the bot's RSS, CPU share, polls served and CPU per poll over a few windows; then a bare undici
 * GET loop (bench/floor-poller.ts) on the same schedule against the same records, measured the same way.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { cpuSince, markCpu, rssMiB } from "./proc-stats.js";
import { startTsProcess, type ManagedProcess } from "./processes.js";
import { seedUnfinishedJobs } from "./seed-store.js";
import {
  botEnv,
  dataDirectory,
  startBot,
  startService,
  type EmulatorProcess,
  type ServiceProcess,
} from "./stack.js";
import { median, pollUntil, round, sleep } from "./stats.js";

/** One measurement window. */
export interface Window {
  wallMs: number;
  polls: number;
  cpuMs: number;
  /** Share of one core (1 = a whole core). */
  coreShare: number;
  rssMiB: number;
  serviceCpuMs: number;
}

/** Medians over the windows of one process (CPU per poll: all windows together). */
export interface WindowSummary {
  windows: number;
  pollsPerSecond: number;
  cpuMsPerPoll: number;
  coreShare: number;
  rssMiB: number;
  /** The service's CPU per request it served, for context. */
  serviceCpuMsPerRequest: number;
}

/** Results of {@link runScale}. */
export interface ScaleResult {
  jobs: number;
  /** HEAP_GROWTH_PERCENT the bot ran with; null: its default. */
  heapGrowthPercent: number | null;
  pollIntervalMs: number;
  /** Polls per second the interval asks for: jobs / interval (steady polls are not jittered). */
  demandedPollsPerSecond: number;
  /** Real time from spawning the bot to it having resumed every job, ms. */
  resumeMs: number;
  /** Real time from spawning the bot to every job having been polled twice (on average), ms. */
  firstRoundsMs: number;
  bot: WindowSummary;
  botWindows: Window[];
  /** Peak RSS of the bot (VmHWM), MiB. */
  botPeakRssMiB: number;
  /** The bot's RSS every 500 ms from the moment it resumed its jobs: `[seconds, MiB]`. */
  botRssSeries: [number, number][];
  floor: WindowSummary;
  floorWindows: Window[];
  /** bot.cpuMsPerPoll / floor.cpuMsPerPoll. */
  costRatio: number;
}

const DEFAULT_POLL_INTERVAL_MS = 3000;

function peakRssMiB(pid: number): number {
  return rssMiB(pid, "VmHWM");
}

async function measureWindows(
  proc: ManagedProcess,
  service: ServiceProcess,
  count: number,
  windowMs: number,
): Promise<Window[]> {
  const windows: Window[] = [];
  for (let i = 0; i < count; i++) {
    const first = (await service.stats(0)).total;
    const mark = markCpu(proc.pid);
    const serviceMark = markCpu(service.proc.pid);
    await sleep(windowMs);
    const used = cpuSince(proc.pid, mark);
    const serviceUsed = cpuSince(service.proc.pid, serviceMark);
    const polls = (await service.stats(first)).imageReads;
    windows.push({
      wallMs: used.wallMs,
      polls,
      cpuMs: used.cpuMs,
      coreShare: used.coreShare,
      rssMiB: rssMiB(proc.pid),
      serviceCpuMs: serviceUsed.cpuMs,
    });
  }
  return windows;
}

function summarizeWindows(windows: Window[]): WindowSummary {
  const m = (f: (w: Window) => number) => median(windows.map(f));
  const sum = (f: (w: Window) => number) => windows.reduce((total, w) => total + f(w), 0);
  return {
    windows: windows.length,
    pollsPerSecond: round(m((w) => (w.polls * 1000) / w.wallMs)),
    // Summed over the windows: /proc counts CPU in 10 ms ticks, coarse for a few percent of a core.
    cpuMsPerPoll: round(
      sum((w) => w.cpuMs) /
        Math.max(
          1,
          sum((w) => w.polls),
        ),
      4,
    ),
    coreShare: round(
      m((w) => w.coreShare),
      3,
    ),
    rssMiB: round(m((w) => w.rssMiB)),
    serviceCpuMsPerRequest: round(
      m((w) => w.serviceCpuMs / Math.max(1, w.polls)),
      4,
    ),
  };
}

/** The bot with `jobs` jobs in flight, then the floor at the bot's measured poll rate. */
export async function runScale(
  emu: EmulatorProcess,
  options: {
    jobs: number;
    warmupMs: number;
    windowMs: number;
    windows: number;
    log: (line: string) => void;
    /** HEAP_GROWTH_PERCENT for the bot; default: the bot's own default. */
    heapGrowthPercent?: number;
  },
): Promise<ScaleResult> {
  const service = await startService({ tickMs: 1000 });
  const data = await dataDirectory();
  try {
    const ids = await service.seed(options.jobs);
    const database = join(data.path, "bot.db");
    await seedUnfinishedJobs(database, ids, {
      applicationId: emu.applicationId,
      guildId: emu.guildId,
      channelId: emu.generalId,
      requesterId: emu.applicationId,
    });
    const readsBefore = (await service.stats(0)).imageReads;
    const growth = options.heapGrowthPercent;
    const env = botEnv(
      emu,
      service,
      database,
      growth === undefined ? {} : { HEAP_GROWTH_PERCENT: String(growth) },
    );
    const bot = await startBot(env, { cwd: data.path, waitForResume: true });
    const resumeMs = Date.now() - bot.spawnedAt;
    const botRssSeries: [number, number][] = [];
    const sampleRss = () => {
      try {
        botRssSeries.push([round((Date.now() - bot.spawnedAt) / 1000, 2), round(rssMiB(bot.proc.pid))]);
      } catch {
        // The process ended between two samples.
      }
    };
    sampleRss();
    const rssSampler = setInterval(sampleRss, 500);
    // The first poll of a resumed job shows its message once (rendered, saved): not the steady cost of
    // following it. On a loaded machine that round can outlast a fixed warm-up, so wait for it first.
    await pollUntil(
      "every resumed job polled twice",
      async () => ((await service.stats(0)).imageReads - readsBefore >= 2 * options.jobs ? true : undefined),
      300_000,
      500,
    );
    const firstRoundsMs = Date.now() - bot.spawnedAt;
    await sleep(options.warmupMs);
    const botWindows = await measureWindows(bot.proc, service, options.windows, options.windowMs);
    const botPeak = peakRssMiB(bot.proc.pid);
    clearInterval(rssSampler);
    await bot.stop();
    const botSummary = summarizeWindows(botWindows);
    const label =
      growth === undefined ? `${options.jobs} jobs` : `${options.jobs} jobs (heap growth ${growth})`;
    options.log(
      `${label}: ${botSummary.pollsPerSecond} polls/s, ${botSummary.cpuMsPerPoll} ms CPU/poll, ` +
        `${(botSummary.coreShare * 100).toFixed(1)} % of a core, RSS ${botSummary.rssMiB} MiB`,
    );

    const idsFile = join(data.path, "ids.json");
    await writeFile(idsFile, JSON.stringify(ids));
    // `--name=value`: a token may start with "-".
    const floor = startTsProcess("floor-poller", "bench/floor-poller.ts", [
      `--url=${service.url}`,
      `--token=${service.token}`,
      `--ids=${idsFile}`,
      `--interval-ms=${DEFAULT_POLL_INTERVAL_MS}`,
    ]);
    await floor.waitForLine((l) => l.text === "FLOOR_READY");
    await sleep(Math.min(options.warmupMs, 3000));
    const floorWindows = await measureWindows(floor, service, options.windows, options.windowMs);
    const floorSummary = summarizeWindows(floorWindows);
    await floor.stop();
    options.log(`${label} floor: ${floorSummary.cpuMsPerPoll} ms CPU/request`);
    return {
      jobs: options.jobs,
      heapGrowthPercent: growth ?? null,
      pollIntervalMs: DEFAULT_POLL_INTERVAL_MS,
      demandedPollsPerSecond: round(options.jobs / (DEFAULT_POLL_INTERVAL_MS / 1000)),
      resumeMs,
      firstRoundsMs,
      bot: botSummary,
      botWindows,
      botPeakRssMiB: round(botPeak),
      botRssSeries,
      floor: floorSummary,
      floorWindows,
      costRatio: round(botSummary.cpuMsPerPoll / floorSummary.cpuMsPerPoll, 2),
    };
  } finally {
    await service.proc.stop();
    await data.cleanup();
  }
}

/**
 * Discord calls per job: the bot against the naive baseline (bench/naive-bot.ts), in the same run, same
 * emulator, same service settings and the same poll interval; then 100 concurrent jobs in one channel
 * under the emulator's default rate limits.
 */
import { join } from "node:path";
import {
  benchUsers,
  callsOf,
  resultLatencies,
  startJobs,
  waitForResults,
  type JobCalls,
} from "./discord-calls.js";
import { startTsProcess } from "./processes.js";
import {
  botEnv,
  dataDirectory,
  startBot,
  startService,
  type EmulatorProcess,
  type ServiceProcess,
} from "./stack.js";
import { median, sleep, summarize, type Summary } from "./stats.js";

/** Timings shared by the bot and the baseline (scaled down from the defaults of 3000 ms). */
export interface JobShape {
  label: string;
  /** The service's progress step; a job is pending about one step, then 10 steps, then completed. */
  tickMs: number;
  pollIntervalMs: number;
  /** PROGRESS_UPDATE_INTERVAL_MS of the bot. */
  progressIntervalMs: number;
  steps: number;
}

/** Median calls per job of one side. */
export interface CallsByKind {
  jobs: number;
  defer: number;
  edits: number;
  final: number;
  total: number;
  rateLimited: number;
}

/** Results of {@link runCallsPerJob}. */
export interface CallsPerJobResult {
  shape: JobShape;
  /** States the user can tell apart: pending, each progress step, the result. */
  visibleChanges: number;
  bot: CallsByKind;
  naive: CallsByKind;
  /** naive.total / bot.total. */
  ratio: number;
}

function medians(calls: JobCalls[]): CallsByKind {
  const pick = (f: (c: JobCalls) => number) => median(calls.map(f));
  return {
    jobs: calls.length,
    defer: pick((c) => c.defer),
    edits: pick((c) => c.edits),
    final: pick((c) => c.final),
    total: pick((c) => c.total),
    rateLimited: calls.reduce((sum, c) => sum + c.rateLimited, 0),
  };
}

function botTimings(shape: JobShape): Record<string, string> {
  return {
    POLL_INTERVAL_MS: String(shape.pollIntervalMs),
    PROGRESS_UPDATE_INTERVAL_MS: String(shape.progressIntervalMs),
    USER_COOLDOWN_MS: "0",
    GUILD_MAX_ACTIVE_JOBS: "10000",
  };
}

/** Runs `jobs` jobs at once and returns each one's calls. */
async function measureJobs(
  emu: EmulatorProcess,
  jobs: number,
  prompt: string,
  timeoutMs: number,
  service: ServiceProcess,
): Promise<{ calls: JobCalls[]; startedAt: number; latencies: number[] }> {
  const from = await emu.requestCount();
  const startedAt = Date.now();
  const interactions = await startJobs(emu, benchUsers(jobs), (i) => `${prompt} ${i}`);
  await waitForResults(emu, interactions, timeoutMs);
  await sleep(300);
  const requests = await emu.requestsFrom(from);
  return {
    calls: interactions.map((i) => callsOf(i, requests)),
    startedAt,
    latencies: resultLatencies(interactions, requests, await service.completions()),
  };
}

/** The bot, then the naive baseline, each running `jobs` jobs of `shape` at once. */
export async function runCallsPerJob(
  emu: EmulatorProcess,
  shape: JobShape,
  jobs: number,
  log: (line: string) => void,
): Promise<CallsPerJobResult> {
  const service = await startService({ tickMs: shape.tickMs, steps: shape.steps });
  const data = await dataDirectory();
  const jobMs = (shape.steps + 3) * shape.tickMs;
  try {
    const bot = await startBot(botEnv(emu, service, join(data.path, "bot.db"), botTimings(shape)), {
      cwd: data.path,
    });
    const botRun = await measureJobs(emu, jobs, `${shape.label} job`, jobMs * 3 + 10_000, service);
    await bot.stop();
    log(`calls ${shape.label}: bot median ${median(botRun.calls.map((c) => c.total))} calls per job`);

    const naive = startTsProcess("naive-bot", "bench/naive-bot.ts", [], {
      DISCORD_API_URL: emu.apiUrl,
      DISCORD_TOKEN: emu.token,
      IMAGINE_API_URL: service.url,
      IMAGINE_API_TOKEN: service.token,
      POLL_INTERVAL_MS: String(shape.pollIntervalMs),
    });
    await naive.waitForLine((l) => l.text === "NAIVE_READY");
    const naiveRun = await measureJobs(emu, jobs, `${shape.label} naive job`, jobMs * 3 + 10_000, service);
    await naive.stop();
    log(`calls ${shape.label}: naive median ${median(naiveRun.calls.map((c) => c.total))} calls per job`);

    const bot_ = medians(botRun.calls);
    const naive_ = medians(naiveRun.calls);
    return {
      shape,
      visibleChanges: shape.steps + 2,
      bot: bot_,
      naive: naive_,
      ratio: naive_.total / bot_.total,
    };
  } finally {
    await service.proc.stop();
    await data.cleanup();
  }
}

/** Results of {@link runConcurrentChannel}. */
export interface ConcurrentResult {
  jobs: number;
  runs: number;
  /** 429 answers per run (all requests of the run, any route). */
  rateLimited: number[];
  /** First command to the last final message arriving, ms. */
  toLastResultMs: Summary;
  /** Per job, the service marking it completed to its final message arriving, ms. */
  completionToResultMs: Summary;
  /** Discord calls per run (all routes). */
  calls: number[];
}

/** `jobs` users run /imagine at the same moment in #general, `runs` times, against one bot. */
export async function runConcurrentChannel(
  emu: EmulatorProcess,
  shape: JobShape,
  options: { jobs: number; runs: number; log: (line: string) => void },
): Promise<ConcurrentResult> {
  const service: ServiceProcess = await startService({ tickMs: shape.tickMs, steps: shape.steps });
  const data = await dataDirectory();
  const rateLimited: number[] = [];
  const lastResult: number[] = [];
  const calls: number[] = [];
  const completionToResult: number[] = [];
  try {
    const bot = await startBot(botEnv(emu, service, join(data.path, "bot.db"), botTimings(shape)), {
      cwd: data.path,
    });
    const jobMs = (shape.steps + 3) * shape.tickMs;
    for (let run = 1; run <= options.runs; run++) {
      const from = await emu.requestCount();
      const measured = await measureJobs(emu, options.jobs, "crowd job", jobMs * 4 + 30_000, service);
      const { calls: perJob, startedAt } = measured;
      completionToResult.push(...measured.latencies);
      const stats = await emu.stats(from);
      const finals = perJob.map((c) => c.finalAt ?? Number.NaN);
      rateLimited.push(stats.rateLimited);
      lastResult.push(Math.max(...finals) - startedAt);
      calls.push(stats.total);
      options.log(
        `${options.jobs} jobs in one channel ${run}/${options.runs}: ${stats.rateLimited} x 429, last result after ${lastResult.at(-1)} ms`,
      );
    }
    await bot.stop();
  } finally {
    await service.proc.stop();
    await data.cleanup();
  }
  return {
    jobs: options.jobs,
    runs: options.runs,
    rateLimited,
    toLastResultMs: summarize(lastResult),
    completionToResultMs: summarize(completionToResult),
    calls,
  };
}

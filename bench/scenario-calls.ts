/**
 * Discord calls per job against the floor of 2 + visible changes (the deferral, one call per state the
 * user can tell apart: an edit of the progress message per progress state and the result's own message,
 * and the deletion of the progress message) for typical, slow and queued jobs; then the most jobs one channel, and
 * one server across several channels, can run at once without a 429 and with results arriving within a
 * second of completion (the knee of 100, 200, 400, 800 jobs), under the emulator's default rate limits.
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
  /** Images the service generates at once; the others wait in `pending` (queued). [1000] */
  serviceConcurrency?: number;
}

/** Median calls per job of one side. */
export interface CallsByKind {
  jobs: number;
  defer: number;
  edits: number;
  final: number;
  deletes: number;
  total: number;
  rateLimited: number;
}

/** Results of {@link runCallsPerJob}. */
export interface CallsPerJobResult {
  shape: JobShape;
  /** States the user can tell apart: pending, each progress step, the result. */
  visibleChanges: number;
  /**
   * The fewest calls that show every visible change: the deferral, one per change (the result's is its
   * post) and the deletion of the progress message.
   */
  floor: number;
  bot: CallsByKind;
  /** Most calls of any one job. */
  botMax: number;
}

function medians(calls: JobCalls[]): CallsByKind {
  const pick = (f: (c: JobCalls) => number) => median(calls.map(f));
  return {
    jobs: calls.length,
    defer: pick((c) => c.defer),
    edits: pick((c) => c.edits),
    final: pick((c) => c.final),
    deletes: pick((c) => c.deletes),
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
  channels?: readonly string[],
): Promise<{ calls: JobCalls[]; startedAt: number; latencies: number[]; resultPosts: number }> {
  const from = await emu.requestCount();
  const startedAt = Date.now();
  const interactions = await startJobs(emu, benchUsers(jobs), (i) => `${prompt} ${i}`, channels);
  const posted = await waitForResults(emu, service, interactions, from, timeoutMs);
  // The progress message is deleted right after the result is posted.
  await sleep(500);
  const requests = await emu.requestsFrom(from);
  return {
    calls: interactions.map((i) => callsOf(i, requests, posted.nonces.get(i.id), posted.jobIds.get(i.id))),
    startedAt,
    latencies: resultLatencies(interactions, posted, await service.completions()),
    // New messages in channels that Discord accepted: one per result, or fewer where results share one.
    resultPosts: requests.filter(
      (r) => r.method === "POST" && /^\/channels\/\d+\/messages$/.test(r.path) && r.status < 300,
    ).length,
  };
}

/** The bot running `jobs` jobs of `shape` at once; each job's calls against the floor. */
export async function runCallsPerJob(
  emu: EmulatorProcess,
  shape: JobShape,
  jobs: number,
  log: (line: string) => void,
): Promise<CallsPerJobResult> {
  const service = await startService({
    tickMs: shape.tickMs,
    steps: shape.steps,
    ...(shape.serviceConcurrency ? { concurrency: shape.serviceConcurrency } : {}),
  });
  const data = await dataDirectory();
  // Queued jobs wait for the ones before them.
  const queuedFor = Math.ceil(jobs / (shape.serviceConcurrency ?? jobs));
  const jobMs = (shape.steps + 3) * shape.tickMs * queuedFor;
  try {
    const bot = await startBot(botEnv(emu, service, join(data.path, "bot.db"), botTimings(shape)), {
      cwd: data.path,
    });
    const run = await measureJobs(emu, jobs, `${shape.label} job`, jobMs * 3 + 10_000, service).finally(() =>
      bot.stop(),
    );
    // Pending, each progress step, the result.
    const visibleChanges = shape.steps + 2;
    const bot_ = medians(run.calls);
    log(`calls ${shape.label}: median ${bot_.total} calls per job (floor ${visibleChanges + 2})`);
    return {
      shape,
      visibleChanges,
      floor: visibleChanges + 2,
      bot: bot_,
      botMax: Math.max(...run.calls.map((c) => c.total)),
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
  /** First command to the last result message arriving, ms. */
  toLastResultMs: Summary;
  /** Per job, the service marking it completed to its result message arriving, ms. */
  completionToResultMs: Summary;
  /** Discord calls per run (all routes). */
  calls: number[];
  /** Messages posted in channels per run (results, alone or together). */
  resultPosts: number[];
}

/**
 * `jobs` users run /imagine at the same moment, `runs` times, against one bot: in #general, or spread
 * evenly over `channels`.
 */
export async function runConcurrentChannel(
  emu: EmulatorProcess,
  shape: JobShape,
  options: { jobs: number; runs: number; channels?: readonly string[]; log: (line: string) => void },
): Promise<ConcurrentResult> {
  const service: ServiceProcess = await startService({ tickMs: shape.tickMs, steps: shape.steps });
  const data = await dataDirectory();
  const rateLimited: number[] = [];
  const lastResult: number[] = [];
  const calls: number[] = [];
  const resultPosts: number[] = [];
  const completionToResult: number[] = [];
  try {
    const bot = await startBot(botEnv(emu, service, join(data.path, "bot.db"), botTimings(shape)), {
      cwd: data.path,
    });
    const jobMs = (shape.steps + 3) * shape.tickMs;
    // Each result is a new message: Discord lets a bot create about one a second in one channel.
    const perChannel = Math.ceil(options.jobs / (options.channels?.length ?? 1));
    const timeoutMs = jobMs * 4 + 30_000 + perChannel * 2000;
    try {
      for (let run = 1; run <= options.runs; run++) {
        const from = await emu.requestCount();
        const measured = await measureJobs(
          emu,
          options.jobs,
          "crowd job",
          timeoutMs,
          service,
          options.channels,
        );
        const { calls: perJob, startedAt } = measured;
        completionToResult.push(...measured.latencies);
        const stats = await emu.stats(from);
        const finals = perJob.map((c) => c.finalAt ?? Number.NaN);
        rateLimited.push(stats.rateLimited);
        lastResult.push(Math.max(...finals) - startedAt);
        calls.push(stats.total);
        resultPosts.push(measured.resultPosts);
        options.log(
          `${options.jobs} jobs in ${options.channels?.length ?? 1} channel(s) ${run}/${options.runs}: ${stats.rateLimited} x 429, ` +
            `last result after ${lastResult.at(-1)} ms, ${measured.resultPosts} result messages, ${stats.total} Discord calls`,
        );
      }
    } finally {
      await bot.stop();
    }
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
    resultPosts,
  };
}

/** Results ending together in the knee's runs. */
export const KNEE_JOBS = 100;

/**
 * The knee's targets: completion-to-result p99 (ms) with 100 results ending together in one channel (Discord
 * lets a bot create about one message a second there; results waiting for it go together) and spread over
 * five; no 429 in either.
 */
export function kneeP99TargetMs(channels: number): number {
  return channels === 1 ? 25_000 : 5_000;
}

/** Results of {@link runKnee}. */
export interface KneeResult {
  channels: number;
  step: ConcurrentResult;
}

/** Whether the run had no 429 and delivered within {@link kneeP99TargetMs} at p99. */
export function kneePasses(k: KneeResult): boolean {
  return (
    k.step.rateLimited.every((n) => n === 0) && k.step.completionToResultMs.p99 <= kneeP99TargetMs(k.channels)
  );
}

/**
 * {@link KNEE_JOBS} users run /imagine at once, in #general or spread over `channels`, so their results end
 * together and wait for the channels' message-create limit: how long the last of them waits (p99), 429s,
 * and the Discord calls and channel messages per result (results waiting together share a message).
 */
export async function runKnee(
  emu: EmulatorProcess,
  shape: JobShape,
  options: { channels: readonly string[]; runs: number; log: (line: string) => void },
): Promise<KneeResult> {
  const step = await runConcurrentChannel(emu, shape, { ...options, jobs: KNEE_JOBS });
  const result = { channels: options.channels.length, step };
  options.log(
    `knee, ${options.channels.length} channel(s), ${KNEE_JOBS} jobs: ${step.rateLimited.join("+")} x 429, ` +
      `completion to result p99 ${step.completionToResultMs.p99} ms, ` +
      `${(median(step.calls) / KNEE_JOBS).toFixed(1)} calls and ${(median(step.resultPosts) / KNEE_JOBS).toFixed(2)} messages per result: ` +
      `${kneePasses(result) ? "pass" : "FAIL"}`,
  );
  return result;
}

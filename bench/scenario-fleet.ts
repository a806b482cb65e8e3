/**
 * A fleet on one real Postgres (started here, as the tests start it): jobs delivered per second and Discord
 * calls per job with 1, 2 and 3 bot processes (and with SERVICE_FLEET_MAX_CONCURRENCY, for its cost), next
 * to one process on SQLite in the same run; then the takeover time after SIGKILL of one of three processes.
 *
 * Throughput: `jobs` users run /imagine at once, spread over six servers (one per shard of six, so 1, 2 and
 * 3 processes each get an equal part, one shard each); jobs per second is `jobs` divided by the time from the
 * first command to the last result arriving at the emulator.
 *
 * Takeover: every process follows jobs held in progress at the service; one process is killed with SIGKILL
 * and, at the same moment, every job is completed at the service. A dead process's job is delivered once
 * another process has claimed it (its lease ran out) and polled it, so the takeover time of an orphaned job
 * is the time from the kill to its result arriving at the emulator.
 */
import { startScriptNodeFlags } from "../tools/bot-process/start-flags.js";
import { findPostgresBinaries, startPostgresServer } from "../tools/postgres/postgres-cluster.js";
import { benchUsers, callsOf, waitForResults } from "./discord-calls.js";
import {
  botEnv,
  dataDirectory,
  startBot,
  startService,
  type BotProcess,
  type EmulatorProcess,
  type InteractionView,
  type LoggedRequest,
  type ServiceProcess,
} from "./stack.js";
import { median, pollUntil, round, sleep, summarize, type Summary } from "./stats.js";
import { join } from "node:path";
import type { DiscordProxyCounts } from "../src/discord-proxy/proxy-server.js";
import { PROJECT_ROOT, startProcess, type ManagedProcess } from "./processes.js";

/** Servers of the emulator on shards 0-5 of 6: shard s of 2 or of 3 processes is s % 2 or s % 3. */
export const FLEET_SHARD_GUILDS = 6;
/** The prompt word the service holds in progress until the bench completes the job. */
const HOLD = "hold-until-completed";

/** Job timings of the throughput runs (the defaults of 3000 ms scaled down 6x, as the calls scenario). */
const TIMINGS = {
  tickMs: 500,
  steps: 10,
  env: {
    POLL_INTERVAL_MS: "500",
    PROGRESS_UPDATE_INTERVAL_MS: "500",
    USER_COOLDOWN_MS: "0",
    USER_MAX_ACTIVE_JOBS: "100",
    GUILD_MAX_ACTIVE_JOBS: "10000",
  },
};

/** One throughput run. */
export interface FleetRun {
  label: string;
  store: "sqlite" | "postgres";
  processes: number;
  /** SERVICE_FLEET_MAX_CONCURRENCY of the run, null when unset. */
  fleetCap: number | null;
  /** Whether the processes' REST calls went through one Discord proxy (src/discord-proxy). */
  proxy: boolean;
  jobs: number;
  /**
   * Commands the bot did not answer within Discord's 3 s (left out of `jobs`): only on an overloaded
   * machine, since the bot defers at once.
   */
  unanswered: number;
  /** First command to the last result, ms. */
  durationMs: number;
  jobsPerSecond: number;
  /** Discord calls per job: median and most. */
  callsPerJob: { median: number; max: number };
  /** 429s Discord (the emulator) answered. */
  rateLimited: number;
  /**
   * 429s the proxy answered itself (a bucket it knew to be empty; Discord never saw the call), which the
   * processes waited out and sent again; null without the proxy.
   */
  proxyRateLimited: number | null;
  /**
   * Most bot-token calls Discord received in one second (interaction-token calls are not counted, as Discord
   * does not count them): past 50, Discord's global limit answers 429 (a fleet's processes keep to 50 each).
   */
  peakBotCallsPerSecond: number;
  /**
   * Most bot-token calls Discord received in any span of one second, wherever it starts: what a sliding
   * window keeps to 50 (a fixed window of the same limit can let up to twice that through).
   */
  busiestBotSecond?: number;
  /** Calls the proxy held for the bot token's global limit until they fitted, and the longest hold; null without it. */
  proxyHeld?: { calls: number; longestMs: number } | null;
}

/** When Discord received each call made with the bot token (not the interaction-token routes), in order. */
function botCallTimes(requests: readonly LoggedRequest[]): number[] {
  return requests
    .filter((r) => !/\/(webhooks|interactions)\//.test(r.path))
    .map((r) => r.realAt)
    .sort((a, b) => a - b);
}

/**
 * Most calls made with the bot token in one window of Discord's global limit, as the emulator counts it: a
 * window opens with the first call after the last one closed and lasts a second.
 */
export function peakBotCallsPerSecond(requests: readonly LoggedRequest[]): number {
  const times = botCallTimes(requests);
  let peak = 0;
  let windowStart = Number.NEGATIVE_INFINITY;
  let inWindow = 0;
  for (const at of times) {
    if (at >= windowStart + 1000) {
      windowStart = at;
      inWindow = 0;
    }
    peak = Math.max(peak, ++inWindow);
  }
  return peak;
}

/** Most calls made with the bot token within any one second (a sliding window over their arrivals). */
export function busiestBotSecond(requests: readonly LoggedRequest[]): number {
  const times = botCallTimes(requests);
  let most = 0;
  for (let first = 0, last = 0; last < times.length; last++) {
    while (times[last]! - times[first]! >= 1000) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

/** The takeover measurement. */
export interface TakeoverResult {
  leaseMs: number;
  pollIntervalMs: number;
  kills: number;
  /** Kill to each orphaned job's result, ms, over every kill. */
  takeoverMs: Summary;
  samplesMs: number[];
}

/** Everything the fleet scenario measured. */
export interface FleetResult {
  runs: FleetRun[];
  takeover: TakeoverResult | null;
}

/** Options of {@link runFleet}. */
export interface FleetOptions {
  jobs: number;
  kills: number;
  jobsPerProcessAtKill: number;
  leaseMs: number;
  pollIntervalMs: number;
  log: (line: string) => void;
}

/** Users, prompts and channels of `jobs` jobs spread over the shard servers' channels. */
function spread(emu: EmulatorProcess, jobs: number, prompt: string, firstUser = 1) {
  const channels = emu.shardGuilds.flatMap((g) => g.channelIds.map((id) => ({ id, shard: g.shard })));
  // Alternate servers first, then channels: job i goes to server i % 6.
  const byServer = emu.shardGuilds.map((g) => channels.filter((c) => c.shard === g.shard));
  return benchUsers(jobs, firstUser).map((user, i) => {
    const server = byServer[i % byServer.length]!;
    const channel = server[Math.floor(i / byServer.length) % server.length]!;
    return { user, prompt: `${prompt} ${i}`, channel: channel.id, shard: channel.shard };
  });
}

/** Starts the bot running shard `shard` of `count`. */
function startMember(
  emu: EmulatorProcess,
  service: ServiceProcess,
  shard: number,
  count: number,
  env: Record<string, string>,
  data: { cwd: string; databasePath: string },
): Promise<BotProcess> {
  const shards = { DISCORD_SHARD_COUNT: String(count), DISCORD_SHARDS: String(shard) };
  return startBot(botEnv(emu, service, data.databasePath, { ...env, ...shards }), { cwd: data.cwd });
}

/** Starts `count` bots, process i running shard i of `count`. */
function startFleet(
  emu: EmulatorProcess,
  service: ServiceProcess,
  count: number,
  env: Record<string, string>,
  data: { cwd: string; databasePath: string },
): Promise<BotProcess[]> {
  return Promise.all(
    Array.from({ length: count }, (_, shard) => startMember(emu, service, shard, count, env, data)),
  );
}

/** The built Discord proxy (`dist/src/discord-proxy/main.js`), as compose runs it, in front of `emu`. */
async function startProxy(
  emu: EmulatorProcess,
): Promise<{ apiUrl: string; stop(): Promise<DiscordProxyCounts> }> {
  const main = join(PROJECT_ROOT, "dist/src/discord-proxy/main.js");
  const args = [...startScriptNodeFlags(), main, "--port", "0", "--api", emu.apiUrl];
  const proc: ManagedProcess = startProcess({ name: "discord-proxy", args, env: {} });
  const listening = await proc.waitForLine((l) => l.json?.["msg"] === "Discord REST proxy listening");
  return {
    apiUrl: String(listening.json?.["apiUrl"]),
    async stop() {
      await proc.stop();
      const stopped = await proc.waitForLine((l) => l.json?.["msg"] === "Discord REST proxy stopped", 1000);
      return stopped.json as unknown as DiscordProxyCounts;
    },
  };
}

async function throughputRun(
  emu: EmulatorProcess,
  run: {
    label: string;
    store: "sqlite" | "postgres";
    processes: number;
    fleetCap: number | null;
    proxy: boolean;
  },
  options: { jobs: number; databaseUrl?: string; log: (line: string) => void },
): Promise<FleetRun> {
  const service = await startService({ tickMs: TIMINGS.tickMs, steps: TIMINGS.steps });
  const data = await dataDirectory();
  const proxy = run.proxy ? await startProxy(emu) : null;
  try {
    const env: Record<string, string> = { ...TIMINGS.env };
    if (proxy) env["DISCORD_PROXY_URL"] = proxy.apiUrl;
    if (options.databaseUrl) env["DATABASE_URL"] = options.databaseUrl;
    if (run.fleetCap !== null) env["SERVICE_FLEET_MAX_CONCURRENCY"] = String(run.fleetCap);
    const where = { cwd: data.path, databasePath: join(data.path, "bot.db") };
    const bots = await startFleet(emu, service, run.processes, env, where);
    try {
      const from = await emu.requestCount();
      const startedAt = Date.now();
      const submitted = await Promise.all(
        spread(emu, options.jobs, `${run.label} job`).map((j) => emu.imagine(j.user, j.prompt, j.channel)),
      );
      const interactions = await answered(emu, submitted);
      const jobMs = (TIMINGS.steps + 3) * TIMINGS.tickMs;
      const posted = await waitForResults(emu, service, interactions, from, jobMs * 6 + 60_000);
      await expectAllCompleted(emu, service, interactions);
      // The progress message is deleted right after the result is posted.
      await sleep(500);
      const requests = await emu.requestsFrom(from);
      const calls = interactions.map(
        (i) => callsOf(i, requests, posted.nonces.get(i.id), posted.jobIds.get(i.id)).total,
      );
      const durationMs = Math.max(...posted.postedAt.values()) - startedAt;
      const result: FleetRun = {
        ...run,
        jobs: interactions.length,
        unanswered: submitted.length - interactions.length,
        durationMs,
        jobsPerSecond: round(interactions.length / (durationMs / 1000), 2),
        callsPerJob: { median: median(calls), max: Math.max(...calls) },
        rateLimited: requests.filter((r) => r.status === 429).length,
        proxyRateLimited: null,
        peakBotCallsPerSecond: peakBotCallsPerSecond(requests),
        busiestBotSecond: busiestBotSecond(requests),
        proxyHeld: null,
      };
      // Every process stopped: the proxy's counts are final.
      await Promise.all(bots.map((b) => b.stop()));
      if (proxy) {
        const counts = await proxy.stop();
        result.proxyRateLimited = counts.rateLimitedHere;
        result.proxyHeld = { calls: counts.heldForGlobalLimit, longestMs: counts.longestGlobalHoldMs };
      }
      options.log(
        `fleet ${run.label}: ${interactions.length} jobs (${result.unanswered} unanswered) in ${durationMs} ms = ${result.jobsPerSecond} jobs/s, ` +
          `median ${result.callsPerJob.median} calls/job, ${result.rateLimited} x 429` +
          (proxy
            ? ` from Discord, ${result.proxyRateLimited} x 429 from the proxy, ${result.proxyHeld?.calls} held ` +
              `(longest ${result.proxyHeld?.longestMs} ms)`
            : "") +
          `, at most ${result.peakBotCallsPerSecond} bot-token calls in one of Discord's windows, ` +
          `${result.busiestBotSecond} in any second`,
      );
      return result;
    } finally {
      await Promise.all(bots.map((b) => b.stop()));
    }
  } finally {
    await proxy?.stop().catch(() => undefined);
    await service.proc.stop();
    await data.cleanup();
  }
}

/**
 * @throws {Error} when a job's result is not the service's completed image (a refusal or an error has
 *   buttons too), so the figures are those of real jobs.
 */
async function expectAllCompleted(
  emu: EmulatorProcess,
  service: ServiceProcess,
  interactions: InteractionView[],
): Promise<void> {
  const completed = new Set((await service.completions()).map((c) => c.ref));
  const other = interactions.filter((i) => !completed.has(i.id));
  if (other.length > 0) {
    const example = await emu.interaction(other[0]!.id);
    throw new Error(
      `${other.length} jobs did not complete at the service, e.g. ${JSON.stringify(example.response).slice(0, 400)}`,
    );
  }
}

/** The interactions the bot answered; after Discord's 3 s, one still unanswered never will be. */
async function answered(emu: EmulatorProcess, submitted: InteractionView[]): Promise<InteractionView[]> {
  await sleep(4000);
  const views = await Promise.all(submitted.map((i) => emu.interaction(i.id)));
  return submitted.filter((_i, n) => views[n]!.response !== null);
}

/** Whether the interaction's message shows progress (its text has a percentage). */
function showsProgress(view: InteractionView): boolean {
  return /\d+\s?%/.test(JSON.stringify(view.response ?? ""));
}

async function takeover(
  emu: EmulatorProcess,
  databaseUrl: string,
  options: FleetOptions,
): Promise<TakeoverResult> {
  const service = await startService({ tickMs: 500, steps: 10, hangPattern: HOLD });
  const data = await dataDirectory();
  const processes = 3;
  const env = {
    ...TIMINGS.env,
    DATABASE_URL: databaseUrl,
    JOB_LEASE_MS: String(options.leaseMs),
    POLL_INTERVAL_MS: String(options.pollIntervalMs),
    PROGRESS_UPDATE_INTERVAL_MS: "1000",
  };
  const samples: number[] = [];
  let firstUser = 1;
  const where = { cwd: data.path, databasePath: join(data.path, "unused.db") };
  const bots = await startFleet(emu, service, processes, env, where);
  try {
    for (let kill = 0; kill < options.kills; kill++) {
      const victim = kill % processes;
      const jobs = spread(emu, options.jobsPerProcessAtKill * processes, `${HOLD} ${kill}`, firstUser);
      firstUser += jobs.length;
      const submitted = await Promise.all(
        jobs.map(async (j) => ({ ...j, view: await emu.imagine(j.user, j.prompt, j.channel) })),
      );
      const kept = new Set(
        (
          await answered(
            emu,
            submitted.map((j) => j.view),
          )
        ).map((v) => v.id),
      );
      const started = submitted.filter((j) => kept.has(j.view.id));
      // Every job is followed and shows its progress before the kill.
      await pollUntil(
        "every job showing progress",
        async () => {
          const views = await Promise.all(started.map((j) => emu.interaction(j.view.id)));
          return views.every(showsProgress) ? true : undefined;
        },
        60_000,
        250,
      );
      const from = await emu.requestCount();
      const killedAt = Date.now();
      bots[victim]!.proc.child.kill("SIGKILL");
      await bots[victim]!.proc.exited;
      await Promise.all(started.map((j) => service.complete(j.view.id)));
      const posted = await waitForResults(
        emu,
        service,
        started.map((j) => j.view),
        from,
        options.leaseMs + options.pollIntervalMs * 4 + 60_000,
      );
      const orphans = started.filter((j) => j.shard % processes === victim);
      const times = orphans.map((j) => posted.postedAt.get(j.view.id)! - killedAt);
      samples.push(...times);
      options.log(
        `fleet takeover ${kill + 1}/${options.kills}: ${orphans.length} orphaned jobs delivered ` +
          `${Math.min(...times)}-${Math.max(...times)} ms after the kill (lease ${options.leaseMs} ms)`,
      );
      // A new process takes the dead one's shard for the next round.
      bots[victim] = await startMember(emu, service, victim, processes, env, where);
    }
  } finally {
    await Promise.all(bots.map((b) => b.stop()));
    await service.proc.stop();
    await data.cleanup();
  }
  return {
    leaseMs: options.leaseMs,
    pollIntervalMs: options.pollIntervalMs,
    kills: options.kills,
    takeoverMs: summarize(samples),
    samplesMs: samples,
  };
}

/** Runs the fleet scenario; throws when Postgres is not installed. */
export async function runFleet(emu: EmulatorProcess, options: FleetOptions): Promise<FleetResult> {
  const bin = findPostgresBinaries();
  if (!bin) throw new Error("the fleet benchmark needs Postgres (Debian's postgresql package)");
  const postgres = await startPostgresServer(bin);
  try {
    const runs: FleetRun[] = [];
    const plan = [
      { label: "SQLite, 1 process", store: "sqlite", processes: 1, fleetCap: null, proxy: false },
      { label: "Postgres, 1 process", store: "postgres", processes: 1, fleetCap: null, proxy: false },
      { label: "Postgres, 2 processes", store: "postgres", processes: 2, fleetCap: null, proxy: false },
      { label: "Postgres, 3 processes", store: "postgres", processes: 3, fleetCap: null, proxy: false },
      {
        label: "Postgres, 3 processes, fleet cap 8",
        store: "postgres",
        processes: 3,
        fleetCap: 8,
        proxy: false,
      },
      { label: "Postgres, 1 process, proxy", store: "postgres", processes: 1, fleetCap: null, proxy: true },
      { label: "Postgres, 2 processes, proxy", store: "postgres", processes: 2, fleetCap: null, proxy: true },
      { label: "Postgres, 3 processes, proxy", store: "postgres", processes: 3, fleetCap: null, proxy: true },
      // SQLite again at the end: the comparison takes both, so neither store gains from running first.
      { label: "SQLite, 1 process (again)", store: "sqlite", processes: 1, fleetCap: null, proxy: false },
    ] as const;
    for (const run of plan) {
      const databaseUrl = run.store === "postgres" ? await postgres.createDatabase() : undefined;
      runs.push(
        await throughputRun(emu, run, {
          jobs: options.jobs,
          log: options.log,
          ...(databaseUrl ? { databaseUrl } : {}),
        }),
      );
    }
    const takeoverResult =
      options.kills > 0 ? await takeover(emu, await postgres.createDatabase(), options) : null;
    return { runs, takeover: takeoverResult };
  } finally {
    await postgres.stop();
  }
}

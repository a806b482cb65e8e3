/**
 * Delivery latency: from the service marking a job completed to its result message arriving at the
 * emulator (two processes' `Date.now()` on one machine). Jobs are real /imagine jobs whose records stay in
 * progress (the service's hang pattern) until the benchmark completes each at a random moment, so the
 * completion is independent of the bot's poll phase, and spaced per channel so that Discord's channel limit
 * never decides the figure (see `CHANNEL_GAP_MS`). Poll mode at the default interval, then webhook mode.
 */
import { createServer } from "node:net";
import { join } from "node:path";
import { benchUsers, resultLatencies, waitForResults } from "./discord-calls.js";
import {
  botEnv,
  dataDirectory,
  startBot,
  startService,
  type EmulatorProcess,
  type InteractionView,
  type ServiceProcess,
} from "./stack.js";
import { pollUntil, sleep, summarize, type Summary } from "./stats.js";

const PROBE = "latency-probe";
/**
 * The least time between two completions in one channel, ms, and the random part added to each gap. Each
 * result is a new message, and Discord lets a bot create 5 per 5 s in a channel: with completions at least
 * 2 s apart, any 8 s (a 5 s window plus a poll interval's spread of when the bot sees them) holds at most 4
 * results of a channel, so the channel's limit never delays one. What is measured is the bot's own delivery
 * (the wait for the poll that sees the completion, then the post), not the queue behind Discord's limit,
 * which the knee rows measure.
 */
const CHANNEL_GAP_MS = 2000;
const CHANNEL_GAP_JITTER_MS = 1000;
const WEBHOOK_SECRET = "bench-webhook-secret-0123456789";

/** Latency of one delivery mode. */
export interface LatencyResult {
  mode: "poll" | "webhook";
  pollIntervalMs: number;
  /** Completion (service) to result message (emulator), ms. */
  latencyMs: Summary;
  /** Every job's latency, ms (for the histogram). */
  samplesMs: number[];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

/** Waits until every job's message shows the stuck progress (42 %): the bot follows them all. */
async function waitInProgress(emu: EmulatorProcess, interactions: InteractionView[]): Promise<void> {
  const open = new Set(interactions.map((i) => i.id));
  await pollUntil(
    "jobs in progress",
    async () => {
      for (const id of [...open])
        if (JSON.stringify((await emu.interaction(id)).response ?? "").includes("42%")) open.delete(id);
      return open.size === 0 ? true : undefined;
    },
    60_000,
    200,
  );
}

async function measureMode(
  emu: EmulatorProcess,
  service: ServiceProcess,
  mode: LatencyResult["mode"],
  options: { jobs: number; rounds: number; pollIntervalMs: number; webhookPort: number },
): Promise<LatencyResult> {
  const data = await dataDirectory();
  try {
    const env = botEnv(emu, service, join(data.path, "bot.db"), {
      POLL_INTERVAL_MS: String(options.pollIntervalMs),
      USER_COOLDOWN_MS: "0",
      GUILD_MAX_ACTIVE_JOBS: "10000",
      ...(mode === "webhook"
        ? { HTTP_PORT: String(options.webhookPort), HTTP_HOST: "127.0.0.1", WEBHOOK_SECRET }
        : {}),
    });
    const bot = await startBot(env, { cwd: data.path });
    const samples: number[] = [];
    try {
      for (let round = 1; round <= options.rounds; round++) {
        const from = await emu.requestCount();
        const users = benchUsers(options.jobs);
        const channels = [emu.generalId, ...emu.channelIds];
        // Starts spread over one poll interval: each job gets its own poll phase, so the samples are
        // independent rather than jobs polled in one wave.
        const interactions = await Promise.all(
          users.map(async (user, i) => {
            await sleep(Math.random() * options.pollIntervalMs);
            return emu.imagine(user, `${PROBE} ${mode} ${round}.${i}`, channels[i % channels.length]);
          }),
        );
        await waitInProgress(emu, interactions);
        // Completions at random moments (independent of each job's poll phase), each channel's at least
        // CHANNEL_GAP_MS apart (see there).
        const perChannel = channels.map((_c, k) => interactions.filter((_i, i) => i % channels.length === k));
        const spreadMs =
          Math.max(...perChannel.map((c) => c.length)) * (CHANNEL_GAP_MS + CHANNEL_GAP_JITTER_MS);
        await Promise.all(
          perChannel.map(async (inChannel) => {
            for (const interaction of inChannel) {
              await sleep(CHANNEL_GAP_MS + Math.random() * CHANNEL_GAP_JITTER_MS);
              await service.complete(interaction.id);
            }
          }),
        );
        const posted = await waitForResults(
          emu,
          service,
          interactions,
          from,
          spreadMs + 4 * options.pollIntervalMs + 10_000,
        );
        samples.push(...resultLatencies(interactions, posted, await service.completions()));
      }
    } finally {
      await bot.stop();
    }
    return {
      mode,
      pollIntervalMs: options.pollIntervalMs,
      latencyMs: summarize(samples),
      samplesMs: samples,
    };
  } finally {
    await data.cleanup();
  }
}

/** Poll mode, then webhook mode: `rounds` times `jobs` jobs each. */
export async function runLatency(
  emu: EmulatorProcess,
  options: { jobs: number; rounds: number; pollIntervalMs: number; log: (line: string) => void },
): Promise<LatencyResult[]> {
  const webhookPort = await freePort();
  const service = await startService({
    tickMs: 200,
    hangPattern: PROBE,
    webhooks: [`http://127.0.0.1:${webhookPort}/webhooks/imagine/${WEBHOOK_SECRET}`],
  });
  try {
    const results: LatencyResult[] = [];
    for (const mode of ["poll", "webhook"] as const) {
      results.push(await measureMode(emu, service, mode, { ...options, webhookPort }));
      const s = results.at(-1)!.latencyMs;
      options.log(`latency ${mode}: median ${s.median.toFixed(0)} ms, p99 ${s.p99.toFixed(0)} ms (n=${s.n})`);
    }
    return results;
  } finally {
    await service.proc.stop();
  }
}

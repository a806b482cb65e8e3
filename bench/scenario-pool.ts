/**
 * The pool of ImagineAPI servers: 1, 2 and 4 reference services with 3 slots each and a fixed job duration
 * (the service's own ticks), one bot, 12 jobs per server from as many members at once. Measures jobs per
 * minute (first /imagine to last completion at a service) and, counted by each service itself, the most jobs
 * it held unfinished at once (must not exceed its 3 slots: the rest wait in the bot's queue).
 */
import { benchUsers, startJobs } from "./discord-calls.js";
import { getJson } from "./http.js";
import {
  botEnv,
  dataDirectory,
  startBot,
  startService,
  type EmulatorProcess,
  type ServiceProcess,
} from "./stack.js";
import { pollUntil, round } from "./stats.js";

/** Jobs each server runs at once (a Basic/Standard Midjourney account; IMAGINE_API_SLOTS). */
export const POOL_SLOTS = 3;
/** Jobs per server in one run: four rounds of its slots. */
const JOBS_PER_SERVER = 4 * POOL_SLOTS;
/** One lifecycle tick of the services, ms; a job runs STEPS ticks once started. */
const TICK_MS = 500;
const STEPS = 4;

/** One pool size's figures. */
export interface PoolResult {
  servers: number;
  slotsPerServer: number;
  jobs: number;
  /** Ticks x tick length: how long one job runs at a service once started, ms. */
  jobDurationMs: number;
  jobsPerMinute: number;
  /** Per server: the most jobs it held unfinished at once, counted by the service. */
  maxInFlight: number[];
}

async function completedCount(services: readonly ServiceProcess[]): Promise<{ count: number; last: number }> {
  const all = (await Promise.all(services.map((s) => s.completions()))).flat();
  return { count: all.length, last: Math.max(0, ...all.map((c) => c.at)) };
}

/** Runs one pool of `servers` services. */
export async function runPool(
  emu: EmulatorProcess,
  servers: number,
  log: (line: string) => void,
): Promise<PoolResult> {
  const services: ServiceProcess[] = [];
  const data = await dataDirectory();
  try {
    for (let i = 0; i < servers; i++) services.push(await startService({ tickMs: TICK_MS, steps: STEPS }));
    const extra: Record<string, string> = { IMAGINE_API_SLOTS: String(POOL_SLOTS), IMAGINE_API_NAME: "s1" };
    services.slice(1).forEach((s, i) => {
      const n = i + 2;
      Object.assign(extra, {
        [`IMAGINE_API_URL_${n}`]: s.url,
        [`IMAGINE_API_TOKEN_${n}`]: s.token,
        [`IMAGINE_API_NAME_${n}`]: `s${n}`,
        [`IMAGINE_API_SLOTS_${n}`]: String(POOL_SLOTS),
      });
    });
    const jobs = JOBS_PER_SERVER * servers;
    const env = botEnv(emu, services[0]!, `${data.path}/bot.db`, {
      ...extra,
      POLL_INTERVAL_MS: "500",
      USER_COOLDOWN_MS: "0",
      GUILD_MAX_ACTIVE_JOBS: "10000",
    });
    const bot = await startBot(env, { cwd: data.path });
    try {
      log(`pool: ${servers} server(s), ${jobs} jobs`);
      const started = Date.now();
      await startJobs(emu, benchUsers(jobs, 401), (i) => `pool bench ${i}`);
      const done = await pollUntil(
        `${jobs} jobs completed at the services`,
        async () => {
          const c = await completedCount(services);
          return c.count >= jobs ? c : undefined;
        },
        jobs * 20_000,
        250,
      );
      const maxInFlight = await Promise.all(
        services.map(
          async (s) => (await getJson<{ maxInFlight: number }>(`${s.url}/_control/concurrency`)).maxInFlight,
        ),
      );
      return {
        servers,
        slotsPerServer: POOL_SLOTS,
        jobs,
        jobDurationMs: TICK_MS * STEPS,
        jobsPerMinute: round((jobs / (done.last - started)) * 60_000),
        maxInFlight,
      };
    } finally {
      await bot.stop();
    }
  } finally {
    for (const s of services) await s.proc.stop();
    await data.cleanup();
  }
}

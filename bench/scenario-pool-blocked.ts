/**
 * A pool of two reference services, 3 slots each, where server 1's Midjourney account is blocked mid-run
 * (issue 39): once a quarter of the jobs completed, every job server 1 starts fails with the notice of
 * zcpua/midjourney-api #170. Measures jobs per minute (first /imagine to the last completion, every job
 * delivered once from a server: failed records are made again on server 2) against one server's, and the
 * creates server 1 received after the bot read its first notice (each service logs its requests with their
 * times: the first read of a failed record after it failed is when the bot saw the notice).
 */
import { benchUsers, startJobs } from "./discord-calls.js";
import {
  botEnv,
  dataDirectory,
  startBot,
  startService,
  type EmulatorProcess,
  type ServiceProcess,
} from "./stack.js";
import { POOL_SLOTS } from "./scenario-pool.js";
import { pollUntil, round } from "./stats.js";

/** Jobs in one run: four rounds of both servers' slots. */
const JOBS = 4 * 2 * POOL_SLOTS;
/** The same ticks as the pool rows, so jobs/min compare with one server's there. */
const TICK_MS = 500;
const STEPS = 4;
/** Server 1's account is blocked once this many jobs completed. */
const BLOCK_AFTER = JOBS / 4;
const NOTICE =
  "You have been blocked from accessing Midjourney. This happens on repeated or serious ToS violations.";

/** The blocked-account row's figures. */
export interface PoolBlockedResult {
  jobs: number;
  jobDurationMs: number;
  jobsPerMinute: number;
  /** Jobs completed by each server. */
  completed: number[];
  /** Records server 1 failed with the notice (each made again on server 2). */
  noticed: number;
  /** Creates server 1 received after the bot first read a record failed with the notice. */
  createsAfterNotice: number;
}

/** Creates `service` received after the bot first read one of its records that had failed. */
async function createsAfterSeen(service: ServiceProcess): Promise<{ noticed: number; after: number }> {
  const failures = await service.failures();
  const requests = await service.requests(0);
  const failedAt = new Map(failures.map((f) => [f.id, f.at]));
  const seen = requests.find((r) => {
    const id = /^GET \/items\/images\/([^/]+)$/.exec(r.request)?.[1];
    const at = id === undefined ? undefined : failedAt.get(id);
    return at !== undefined && r.at >= at;
  })?.at;
  if (seen === undefined) return { noticed: failures.length, after: 0 };
  return {
    noticed: failures.length,
    after: requests.filter((r) => r.request === "POST /items/images" && r.at > seen).length,
  };
}

/** Runs the pool of two with server 1 blocked mid-run. */
export async function runPoolBlocked(
  emu: EmulatorProcess,
  log: (line: string) => void,
): Promise<PoolBlockedResult> {
  const services: ServiceProcess[] = [];
  const data = await dataDirectory();
  try {
    for (let i = 0; i < 2; i++) services.push(await startService({ tickMs: TICK_MS, steps: STEPS }));
    const [one, two] = services as [ServiceProcess, ServiceProcess];
    const env = botEnv(emu, one, `${data.path}/bot.db`, {
      IMAGINE_API_NAME: "s1",
      IMAGINE_API_SLOTS: String(POOL_SLOTS),
      IMAGINE_API_URL_2: two.url,
      IMAGINE_API_TOKEN_2: two.token,
      IMAGINE_API_NAME_2: "s2",
      IMAGINE_API_SLOTS_2: String(POOL_SLOTS),
      POLL_INTERVAL_MS: "500",
      USER_COOLDOWN_MS: "0",
      GUILD_MAX_ACTIVE_JOBS: "10000",
    });
    const bot = await startBot(env, { cwd: data.path });
    try {
      log(`pool, one account blocked: 2 servers, ${JOBS} jobs`);
      const started = Date.now();
      await startJobs(emu, benchUsers(JOBS, 601), (i) => `pool blocked bench ${i}`);
      const counts = async () => (await Promise.all(services.map((s) => s.completions()))).map((c) => c);
      await pollUntil(
        `${BLOCK_AFTER} jobs completed`,
        async () => ((await counts()).flat().length >= BLOCK_AFTER ? true : undefined),
        JOBS * 20_000,
        100,
      );
      await one.lifecycle({ accountNotice: NOTICE });
      const done = await pollUntil(
        `${JOBS} jobs completed at the services`,
        async () => {
          const all = await counts();
          return all.flat().length >= JOBS ? all : undefined;
        },
        JOBS * 20_000,
        250,
      );
      const last = Math.max(...done.flat().map((c) => c.at));
      const seen = await createsAfterSeen(one);
      return {
        jobs: JOBS,
        jobDurationMs: TICK_MS * STEPS,
        jobsPerMinute: round((JOBS / (last - started)) * 60_000),
        completed: done.map((c) => c.length),
        noticed: seen.noticed,
        createsAfterNotice: seen.after,
      };
    } finally {
      await bot.stop();
    }
  } finally {
    for (const s of services) await s.proc.stop();
    await data.cleanup();
  }
}

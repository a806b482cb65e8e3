/**
 * Soak: memory under sustained load. Real /imagine jobs at a steady rate from many members in many
 * channels of one server, results as new messages, some U1 clicks on the results, a few Midjourney
 * failures; the bot's RSS (from /proc) and its heap used after a full collection (through the V8
 * inspector, bench/inspector.ts) sampled throughout, with the database's size. After a warm-up the load
 * pauses until every job has ended (the "warm" point), runs to the end, and the bot is then left idle (the
 * "idle" point, then a heap snapshot). Slopes are least-squares fits over the jobs ended. A snapshot at the
 * warm point is optional: it stops the bot for seconds, and after a first snapshot V8 keeps track of every
 * object its collector moves, so the rest of the run is no longer that of an untouched bot.
 */
import { createWriteStream } from "node:fs";
import { mkdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { benchUsers } from "./discord-calls.js";
import { diffSnapshots, type ConstructorDelta } from "./heap-snapshot-diff.js";
import { INSPECT_FLAG, connectInspector } from "./inspector.js";
import { postJson } from "./http.js";
import { SoakLog, type PostedResult } from "./soak-log.js";
import { rssMiB } from "./proc-stats.js";
import { botEnv, dataDirectory, startBot, startEmulator, startService } from "./stack.js";
import { pollUntil, round, sleep, slope } from "./stats.js";

const FAIL_WORD = "soakfail";
const MiB = 2 ** 20;

/** What a soak run does. */
export interface SoakOptions {
  jobs: number;
  ratePerSecond: number;
  /** Text channels of the server, #general included. */
  channels: number;
  members: number;
  /** Jobs before the "warm" point. */
  warmupJobs: number;
  /** Every n-th job's result gets a U1 click. */
  clickEvery: number;
  /** Every n-th job fails as Midjourney fails. */
  failEvery: number;
  /** Idle time after the last job ended. */
  afterLoadMs: number;
  /** How often the heap used after a full collection is read (each read is a full collection). */
  heapEveryMs: number;
  /** Where the bot's log and the heap snapshots go. */
  outputDir: string;
  /** Also a heap snapshot at the warm point (see the module comment). */
  warmSnapshot: boolean;
  /** An earlier snapshot (e.g. a short run's warm one) to compare the idle snapshot with. */
  compareWith: string | null;
  log: (line: string) => void;
}

/** One reading. */
export interface SoakSample {
  atS: number;
  jobsEnded: number;
  rssMiB: number;
  databaseMiB: number;
  heapAfterGcMiB: number | null;
  /** RSS a second after that full collection: what the bot keeps, without the garbage of the moment. */
  rssAfterGcMiB: number | null;
}

/** The figures at one moment: RSS, heap after a full collection, database size. */
export interface SoakPoint {
  jobsEnded: number;
  atS: number;
  rssMiB: number;
  heapAfterGcMiB: number;
  rssAfterGcMiB: number;
  databaseMiB: number;
}

/** Results of {@link runSoak}. */
export interface SoakResult {
  options: Omit<SoakOptions, "log">;
  started: number;
  ended: number;
  completed: number;
  failed: number;
  /** Commands the bot logged a warning or error for and that started no job (a deferral past Discord's 3 s). */
  unanswered: number;
  /** Job ids ended more than once (each job must end, and be delivered, once). */
  endedTwice: number;
  clicks: number;
  clickErrors: number;
  buttonPosts: number;
  /** Bot log lines at level error or above, and warnings. */
  errorLines: number;
  warnLines: number;
  /** Discord's answers: 429s, and other refusals (4xx), over the whole run. */
  rateLimited: number;
  refused: number;
  loadSeconds: number;
  achievedJobsPerSecond: number;
  warm: SoakPoint;
  endOfLoad: SoakPoint;
  idle: SoakPoint;
  /** Least-squares slopes over the samples from "warm" to "end of load", per 1,000 jobs ended. */
  heapMiBPer1000Jobs: number;
  rssMiBPer1000Jobs: number;
  rssAfterGcMiBPer1000Jobs: number;
  databaseMiBPer1000Jobs: number;
  samples: SoakSample[];
  /** The idle snapshot, and its growth by constructor over the warm one (or `compareWith`). */
  snapshots: { before: string | null; idle: string; growth: ConstructorDelta[] | null };
}

async function fileMiB(...paths: string[]): Promise<number> {
  let bytes = 0;
  for (const path of paths)
    bytes += await stat(path).then(
      (s) => s.size,
      () => 0,
    );
  return bytes / MiB;
}

/** Runs the soak against its own emulator (`channels`, `members`), service and bot. */
export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const { log } = options;
  const emu = await startEmulator(options.members, options.channels - 1);
  const service = await startService({ tickMs: 500, steps: 2, failPattern: FAIL_WORD });
  const data = await dataDirectory();
  await mkdir(options.outputDir, { recursive: true });
  const database = join(data.path, "bot.db");
  let stopBot = async () => {};
  try {
    const env = botEnv(emu, service, database, {
      USER_COOLDOWN_MS: "0",
      USER_MAX_ACTIVE_JOBS: "100",
      GUILD_MAX_ACTIVE_JOBS: "10000",
    });
    const bot = await startBot(env, { cwd: data.path, extraNodeFlags: [INSPECT_FLAG] });
    stopBot = () => bot.stop();
    const inspector = await connectInspector(bot.proc);
    const users = benchUsers(options.members);
    const channels = [emu.generalId, ...emu.channelIds];
    const userOf = new Map<string, string>();
    const indexOf = new Map<string, number>();
    const counts = { clicks: 0, clickErrors: 0 };
    const clicking = new Set<Promise<void>>();
    const click = (posted: PostedResult, user: string) => {
      counts.clicks++;
      const done = postJson(emu.control("click"), {
        message: posted.messageId,
        customId: `imagine:u:${posted.jobId}:0:${posted.userId}`,
        user,
      }).then(
        () => undefined,
        (err: unknown) => {
          counts.clickErrors++;
          if (counts.clickErrors <= 3) log(`soak: click failed: ${String(err)}`);
        },
      );
      clicking.add(done);
      void done.finally(() => clicking.delete(done));
    };
    const botLog = new SoakLog((posted) => {
      const i = indexOf.get(posted.interactionId);
      const user = userOf.get(posted.interactionId);
      if (i !== undefined && user && i % options.clickEvery === 0 && i % options.failEvery !== 0)
        click(posted, user);
    });
    bot.proc.onLine((line) => botLog.read(line));
    // The bot's whole log beside the snapshots, to read after a run.
    const botLogFile = createWriteStream(join(options.outputDir, "soak-bot.log"));
    bot.proc.onLine((line) => botLogFile.write(`${line.text}\n`));

    const samples: SoakSample[] = [];
    let lastHeapAt = 0;
    const reading = async (withHeap: boolean): Promise<SoakSample> => {
      const atS = round((Date.now() - bot.spawnedAt) / 1000, 2);
      const jobsEnded = botLog.counts.ended;
      // RSS is read before the collection this forces, and again a second after it (V8 gives the pages
      // it emptied back in the background).
      const rss = round(rssMiB(bot.botPid), 2);
      const databaseMiB = round(await fileMiB(database, `${database}-wal`, `${database}-shm`), 3);
      let heapAfterGcMiB: number | null = null;
      let rssAfterGcMiB: number | null = null;
      if (withHeap) {
        heapAfterGcMiB = round((await inspector.heapUsedAfterGc()) / MiB, 3);
        await sleep(1000);
        rssAfterGcMiB = round(rssMiB(bot.botPid), 2);
      }
      const sample: SoakSample = { atS, jobsEnded, rssMiB: rss, databaseMiB, heapAfterGcMiB, rssAfterGcMiB };
      samples.push(sample);
      return sample;
    };
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const withHeap = Date.now() - lastHeapAt >= options.heapEveryMs;
        if (withHeap) lastHeapAt = Date.now();
        await reading(withHeap);
        await sleep(1000);
      }
    })();
    const point = async (): Promise<SoakPoint> => {
      const s = await reading(true);
      return {
        ...s,
        heapAfterGcMiB: s.heapAfterGcMiB ?? Number.NaN,
        rssAfterGcMiB: s.rssAfterGcMiB ?? Number.NaN,
      };
    };
    // Settled: every command issued has ended its job, or was one the bot could not answer in time.
    const allEnded = (n: number, what: string) =>
      pollUntil(
        what,
        async () =>
          botLog.counts.ended + botLog.unanswered() >= n && clicking.size === 0 ? true : undefined,
        300_000,
        200,
      );

    let issued = 0;
    let slashErrors = 0;
    const inFlight = new Set<Promise<void>>();
    const issue = async (until: number) => {
      // Paced from now on: the pause before this part is not made up for with a burst.
      const paceStart = Date.now();
      const base = issued;
      while (issued < until) {
        const i = issued++;
        const due = paceStart + ((i - base) * 1000) / options.ratePerSecond;
        if (due > Date.now()) await sleep(due - Date.now());
        const user = users[i % users.length]!;
        const prompt = i % options.failEvery === 0 ? `${FAIL_WORD} soak ${i}` : `a lighthouse, soak ${i}`;
        const sent = emu.imagine(user, prompt, channels[i % channels.length]).then(
          (interaction) => {
            indexOf.set(interaction.id, i);
            userOf.set(interaction.id, user);
          },
          (err: unknown) => {
            slashErrors++;
            if (slashErrors <= 3) log(`soak: /imagine failed: ${String(err)}`);
          },
        );
        inFlight.add(sent);
        void sent.finally(() => inFlight.delete(sent));
        if (inFlight.size >= 64) await Promise.race(inFlight);
      }
      await Promise.all(inFlight);
    };

    const loadStarted = Date.now();
    await issue(options.warmupJobs);
    await allEnded(options.warmupJobs - slashErrors, "the warm-up's jobs ended");
    const warm = await point();
    log(
      `soak warm: ${warm.jobsEnded} jobs, RSS ${warm.rssMiB} MiB (after GC ${warm.rssAfterGcMiB}), heap after GC ${warm.heapAfterGcMiB} MiB`,
    );
    const snapshotPath = (name: string) => join(options.outputDir, `soak-${name}.heapsnapshot`);
    if (options.warmSnapshot) await inspector.snapshot(snapshotPath("warm"));
    const progress = setInterval(
      () =>
        log(
          `soak: ${issued} issued, ${botLog.counts.ended} ended, ${botLog.unanswered()} unanswered, ` +
            `RSS ${samples.at(-1)?.rssMiB ?? "?"} MiB, heap after GC ` +
            `${samples.findLast((s) => s.heapAfterGcMiB !== null)?.heapAfterGcMiB ?? "?"} MiB`,
        ),
      60_000,
    );
    try {
      await issue(options.jobs);
      await allEnded(options.jobs - slashErrors, "every job ended");
    } finally {
      clearInterval(progress);
    }
    const loadSeconds = (Date.now() - loadStarted) / 1000;
    const endOfLoad = await point();
    log(
      `soak end of load: ${endOfLoad.jobsEnded} jobs, RSS ${endOfLoad.rssMiB} MiB (after GC ${endOfLoad.rssAfterGcMiB}), heap ${endOfLoad.heapAfterGcMiB} MiB`,
    );
    await sleep(options.afterLoadMs);
    sampling = false;
    await sampler;
    const idle = await point();
    log(
      `soak idle: RSS ${idle.rssMiB} MiB (after GC ${idle.rssAfterGcMiB}), heap after GC ${idle.heapAfterGcMiB} MiB`,
    );
    // Last, after every figure: the snapshot changes how the bot collects from then on.
    await inspector.snapshot(snapshotPath("idle"));
    const before = options.warmSnapshot ? snapshotPath("warm") : options.compareWith;
    const snapshots: SoakResult["snapshots"] = {
      before,
      idle: snapshotPath("idle"),
      growth: before ? await diffSnapshots(before, snapshotPath("idle"), 15) : null,
    };
    inspector.close();
    botLogFile.end();
    const stats = await emu.stats(0);

    const loaded = samples.filter((s) => s.atS >= warm.atS && s.atS <= endOfLoad.atS);
    const fit = (pick: (s: SoakSample) => number | null) =>
      round(
        slope(
          loaded.flatMap((s) => {
            const y = pick(s);
            return y === null ? [] : [[s.jobsEnded / 1000, y] as const];
          }),
        ),
        3,
      );
    let refused = 0;
    for (const [status, n] of Object.entries((stats as { byStatus?: Record<string, number> }).byStatus ?? {}))
      if (Number(status) >= 400 && Number(status) !== 429) refused += n;
    const { log: _log, ...shown } = options;
    return {
      options: shown,
      started: issued - slashErrors,
      unanswered: botLog.unanswered(),
      ...counts,
      ...botLog.counts,
      rateLimited: stats.rateLimited,
      refused,
      loadSeconds: round(loadSeconds),
      achievedJobsPerSecond: round(botLog.counts.ended / loadSeconds, 2),
      warm,
      endOfLoad,
      idle,
      heapMiBPer1000Jobs: fit((s) => s.heapAfterGcMiB),
      rssMiBPer1000Jobs: fit((s) => s.rssMiB),
      rssAfterGcMiBPer1000Jobs: fit((s) => s.rssAfterGcMiB),
      databaseMiBPer1000Jobs: fit((s) => s.databaseMiB),
      samples,
      snapshots,
    };
  } finally {
    await stopBot();
    await service.proc.stop();
    await emu.proc.stop();
    await data.cleanup();
  }
}

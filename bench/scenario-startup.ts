/**
 * Start-up: from spawning `node dist/src/main.js` to the emulator receiving the gateway IDENTIFY (it
 * answers READY at once), and the bot's resident memory twice: just after the start (`startSettleMs` after
 * "connected to Discord", the young generation still as start-up grew it) and once idle (`settleMs` after it,
 * when V8 has given back what start-up used: its memory reducer acts about 15–20 s after the start, see
 * bench/README.md); then the same from running `npm start`
 * in the project, as an owner (or a supervisor) starts the bot: npm and the `prestart` build check
 * included, on the checkout the benchmark built. A fresh database each run.
 */
import { join } from "node:path";
import { rssMiB } from "./proc-stats.js";
import { botEnv, dataDirectory, startBot, type EmulatorProcess, type ServiceProcess } from "./stack.js";
import { sleep, summarize, type Summary } from "./stats.js";

/** Results of {@link runStartup}. */
export interface StartupResult {
  runs: number;
  /** Process spawn to the emulator receiving IDENTIFY (READY is sent at once), ms. */
  toGatewayReadyMs: Summary;
  /** Process spawn to the bot logging "connected to Discord" (guilds received), ms. */
  toReadyLogMs: Summary;
  /** `npm start` spawned to the emulator receiving IDENTIFY, ms. */
  npmStartToGatewayReadyMs: Summary;
  /** Resident memory `startSettleMs` after the gateway, MiB. */
  startRssMiB: Summary;
  startSettleMs: number;
  /** Resident memory after `settleMs` idle, MiB. */
  idleRssMiB: Summary;
  settleMs: number;
}

/** Starts and stops the bot `runs` times. */
export async function runStartup(
  emu: EmulatorProcess,
  service: ServiceProcess,
  options: { runs: number; startSettleMs: number; settleMs: number; log: (line: string) => void },
): Promise<StartupResult> {
  const gateway: number[] = [];
  const readyLog: number[] = [];
  const startRss: number[] = [];
  const rss: number[] = [];
  const npmGateway: number[] = [];
  for (const npmStart of [false, true]) {
    for (let run = 1; run <= options.runs; run++) {
      const data = await dataDirectory();
      try {
        const seen = (await emu.identifies()).length;
        const env = botEnv(emu, service, join(data.path, "bot.db"));
        const bot = await startBot(env, { cwd: data.path, npmStart });
        const identify = (await emu.identifies()).slice(seen).find((i) => i.accepted);
        if (!identify) throw new Error("the emulator saw no accepted IDENTIFY from the bot");
        const toIdentifyMs = identify.at - bot.spawnedAt;
        if (npmStart) {
          npmGateway.push(toIdentifyMs);
          await bot.stop();
          options.log(`startup (npm start) ${run}/${options.runs}: ${toIdentifyMs} ms to IDENTIFY`);
          continue;
        }
        gateway.push(toIdentifyMs);
        readyLog.push(bot.readyLoggedAt - bot.spawnedAt);
        await sleep(options.startSettleMs);
        startRss.push(rssMiB(bot.proc.pid));
        await sleep(options.settleMs - options.startSettleMs);
        rss.push(rssMiB(bot.proc.pid));
        await bot.stop();
        options.log(
          `startup ${run}/${options.runs}: ${toIdentifyMs} ms to IDENTIFY, RSS ${startRss.at(-1)?.toFixed(1)} MiB after ${options.startSettleMs} ms, ${rss.at(-1)?.toFixed(1)} MiB after ${options.settleMs} ms`,
        );
      } finally {
        await data.cleanup();
      }
    }
  }
  return {
    runs: options.runs,
    toGatewayReadyMs: summarize(gateway),
    toReadyLogMs: summarize(readyLog),
    npmStartToGatewayReadyMs: summarize(npmGateway),
    startRssMiB: summarize(startRss),
    startSettleMs: options.startSettleMs,
    idleRssMiB: summarize(rss),
    settleMs: options.settleMs,
  };
}

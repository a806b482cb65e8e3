/**
 * Start-up: from spawning `node dist/src/main.js` to the emulator receiving the gateway IDENTIFY (it
 * answers READY at once), and the bot's resident memory once idle. A fresh database each run.
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
  /** Resident memory after `settleMs` idle, MiB. */
  idleRssMiB: Summary;
  settleMs: number;
}

/** Starts and stops the bot `runs` times. */
export async function runStartup(
  emu: EmulatorProcess,
  service: ServiceProcess,
  options: { runs: number; settleMs: number; log: (line: string) => void },
): Promise<StartupResult> {
  const gateway: number[] = [];
  const readyLog: number[] = [];
  const rss: number[] = [];
  for (let run = 1; run <= options.runs; run++) {
    const data = await dataDirectory();
    try {
      const seen = (await emu.identifies()).length;
      const bot = await startBot(botEnv(emu, service, join(data.path, "bot.db")), { cwd: data.path });
      const identify = (await emu.identifies()).slice(seen).find((i) => i.accepted);
      if (!identify) throw new Error("the emulator saw no accepted IDENTIFY from the bot");
      gateway.push(identify.at - bot.spawnedAt);
      readyLog.push(bot.readyLoggedAt - bot.spawnedAt);
      await sleep(options.settleMs);
      rss.push(rssMiB(bot.proc.pid));
      await bot.stop();
      options.log(
        `startup ${run}/${options.runs}: ${gateway.at(-1)} ms to IDENTIFY, idle RSS ${rss.at(-1)?.toFixed(1)} MiB`,
      );
    } finally {
      await data.cleanup();
    }
  }
  return {
    runs: options.runs,
    toGatewayReadyMs: summarize(gateway),
    toReadyLogMs: summarize(readyLog),
    idleRssMiB: summarize(rss),
    settleMs: options.settleMs,
  };
}

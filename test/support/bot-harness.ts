/**
 * End-to-end harness: the Discord emulator with its default world, the reference image service, and the
 * bot itself (real discord.js, real HTTP), with its commands registered to the test server. Timings are
 * scaled down; the reference service runs in manual mode unless a tick is given, so tests decide when
 * jobs move.
 */
import type { JobStore } from "../../src/imagine/job-store.js";
import { MemoryJobStore } from "./memory-job-store.js";
import { MemorySettingsStore } from "../../src/settings/memory-settings-store.js";
import type { SettingsStore } from "../../src/settings/settings.js";
import { parseConfig, type Config } from "../../src/config.js";
import { startBot, type RunningBot } from "../../src/bot.js";
import type { ReferenceService, ReferenceServiceOptions } from "../../tools/reference-service/index.js";
import type { Clock } from "../../src/jobs/clock.js";
import { jumpingClock } from "./jumping-clock.js";
import type { BotContext } from "../../src/bot-context.js";
import type { InteractionRegistry } from "../../src/discord/interaction-router.js";
import type { DiscordEmulatorOptions } from "../../tools/discord-emulator/context.js";
import {
  trackUnhandledRejections,
  type DefaultWorld,
  type FailureGuard,
} from "../../tools/discord-emulator/fixtures.js";
import type { DiscordEmulator } from "../../tools/discord-emulator/emulator.js";
import { startLocalWorld } from "../../tools/bot-process/local-world.js";
import { captureLogs } from "./log-capture.js";

export interface BotHarnessOptions {
  /** Extra environment for the bot's configuration (strings, as in .env). */
  env?: Record<string, string>;
  service?: ReferenceServiceOptions;
  emulator?: DiscordEmulatorOptions;
  store?: JobStore;
  /** Server and member settings; default: in memory, kept across restarts like the job store. */
  settings?: SettingsStore;
  /**
   * A SQLite file the bot opens itself (DATABASE_PATH), as in production: jobs, settings, held servers and
   * create counts are read back by a restart. Instead of `store` and `settings`.
   */
  databasePath?: string;
  /** The bot's clock; default: the emulator's (real time plus its jumps), whose timers a jump also fires. */
  clock?: Clock;
  /** The commands and component handlers the bot routes to; default: `commands/index.ts`. */
  interactions?: InteractionRegistry<BotContext>;
}

export interface BotHarness {
  emu: DiscordEmulator;
  world: DefaultWorld;
  service: ReferenceService;
  bot: RunningBot;
  config: Config;
  logs: ReturnType<typeof captureLogs>;
  guard: FailureGuard;
  /** Restarts the bot process-equivalent (new client, same store unless given). */
  restart(options?: { store?: JobStore; hard?: boolean }): Promise<RunningBot>;
  stop(): Promise<void>;
}

/** Starts emulator, reference service and bot; registers the commands to the test server. */
export async function startBotHarness(options: BotHarnessOptions = {}): Promise<BotHarness> {
  const guard = trackUnhandledRejections();
  const testWorld = await startLocalWorld({
    ...(options.service ? { service: options.service } : {}),
    ...(options.emulator ? { emulator: options.emulator } : {}),
  });
  const { emu, world, service } = testWorld;
  const logs = captureLogs();
  const config = parseConfig(
    testWorld.env({
      ...options.env,
      ...(options.databasePath ? { DATABASE_PATH: options.databasePath } : {}),
    }),
  );
  const ownClock = options.clock ? undefined : jumpingClock(emu.clock);
  const clock: Clock = options.clock ?? ownClock!;
  let store: JobStore | undefined = options.databasePath
    ? undefined
    : (options.store ?? new MemoryJobStore());
  const settings = options.databasePath ? undefined : (options.settings ?? new MemorySettingsStore());
  const interactions = options.interactions ? { interactions: options.interactions } : {};
  const stores = () => ({ ...(store ? { store } : {}), ...(settings ? { settings } : {}) });
  let bot = await startBot(config, { logger: logs.logger, ...stores(), clock, ...interactions });
  return {
    emu,
    world,
    service,
    get bot() {
      return bot;
    },
    config,
    logs,
    guard,
    async restart(restartOptions = {}) {
      if (restartOptions.hard) {
        // A crash: nothing is saved on the way out; the Discord connection just drops.
        await bot.context.imagine.stop();
        await bot.client.destroy();
      } else {
        await bot.stop();
      }
      store = restartOptions.store ?? store;
      bot = await startBot(config, { logger: logs.logger, ...stores(), clock, ...interactions });
      return bot;
    },
    async stop() {
      await bot.stop();
      ownClock?.close();
      await testWorld.close();
      guard.dispose();
      guard.assertNone();
    },
  } as BotHarness;
}

/**
 * What a bot started on this machine talks to (the end-to-end tests and `npm run demo`): the Discord emulator
 * with its default world and the reference image service (manual mode unless a tick is given, so tests
 * decide when jobs move), plus the bot environment that points at both with scaled-down timings. Commands
 * are registered to the emulated server.
 */
import { parseConfig } from "../../src/config.js";
import { deployCommands } from "../../commands/index.js";
import {
  startReferenceService,
  type ReferenceService,
  type ReferenceServiceOptions,
} from "../reference-service/index.js";
import type { DiscordEmulatorOptions } from "../discord-emulator/context.js";
import { startDiscordEmulator, type DiscordEmulator } from "../discord-emulator/emulator.js";
import { createDefaultWorld, type DefaultWorld } from "../discord-emulator/fixtures.js";
import type { ExtraHandler } from "../discord-emulator/rest/server.js";

export interface LocalWorldOptions {
  service?: ReferenceServiceOptions;
  emulator?: DiscordEmulatorOptions;
  /** Extra HTTP paths the emulator serves (its control API, the demo page). */
  emulatorHandler?: ExtraHandler;
}

export interface LocalWorld {
  emu: DiscordEmulator;
  world: DefaultWorld;
  service: ReferenceService;
  /** The bot's environment for this world, as in .env (overrides win). */
  env(overrides?: Record<string, string>): Record<string, string>;
  /** Closes the emulator and the service (stop every bot first). */
  close(): Promise<void>;
}

/** Starts the emulator and the reference service and registers the bot's commands. */
export async function startLocalWorld(options: LocalWorldOptions = {}): Promise<LocalWorld> {
  const emu = await startDiscordEmulator(options.emulator ?? {}, options.emulatorHandler ?? null);
  const world = createDefaultWorld(emu);
  const service = await startReferenceService({ tickMs: 0, ...options.service });
  const env = (overrides: Record<string, string> = {}): Record<string, string> => ({
    DISCORD_TOKEN: emu.botToken,
    DISCORD_CLIENT_ID: emu.applicationId,
    DISCORD_GUILD_ID: world.guild.id,
    DISCORD_API_URL: emu.apiUrl,
    IMAGINE_API_URL: service.url,
    IMAGINE_API_TOKEN: service.token,
    POLL_INTERVAL_MS: "100",
    PROGRESS_UPDATE_INTERVAL_MS: "150",
    JOB_TIMEOUT_MS: "60000",
    USER_COOLDOWN_MS: "0",
    SERVICE_TIMEOUT_MS: "3000",
    LOG_LEVEL: "debug",
    ...overrides,
  });
  await deployCommands(parseConfig(env()));
  return {
    emu,
    world,
    service,
    env,
    async close() {
      await emu.close();
      await service.close();
    },
  };
}

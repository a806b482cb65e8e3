/**
 * Everything `npm run demo` runs, started the way the end-to-end tests start it (tools/bot-process): the
 * reference image service and the Discord emulator in this process, the real bot (`src/main.ts`, what
 * `npm start` runs) in a child process configured only through its environment, with a throwaway
 * database under the OS temp dir, and the demo page served by the emulator next to its control API.
 */
import { deployCommands } from "../commands/index.js";
import { parseConfig } from "../src/config.js";
import { controlApi } from "../tools/discord-emulator/control/control-api.js";
import type { ServiceProfile } from "../tools/reference-service/index.js";
import type { DiscordEmulator } from "../tools/discord-emulator/emulator.js";
import { startProcessWorld, type ProcessWorld } from "../tools/bot-process/bot-process.js";
import { pageHandler } from "./page-server.js";
import { startDemoPool, type DemoPool } from "./demo-pool.js";
import { botProblems, followBotLog } from "./bot-log.js";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { LogLine } from "../tools/bot-process/bot-process.js";
import { join } from "node:path";

/** Options of {@link startDemo}. */
export interface DemoOptions {
  /** Port of the page and the emulator (0 = any free port). */
  port: number;
  /** Keep the database directory at stop. */
  keep?: boolean;
  /** Reference service tick (default 600 ms; a job takes 10 ticks). */
  tickMs?: number;
  /** Which ImagineAPI the reference service is (default hosted); it starts healthy either way. */
  profile?: ServiceProfile;
  /** ImagineAPI servers (reference services) behind the bot, 1 to 16; default 1 (see `demo-pool.ts`). */
  servers?: number;
  /** More of the bot's configuration, over the demo's (e.g. a short `JOB_TIMEOUT_MS` for screenshots). */
  env?: Record<string, string>;
  /** Told each warning or error the bot logs, as one line (the demo prints it). */
  onBotProblem?: (line: string) => void;
}

/** A running demo. */
export interface Demo {
  /** The page: `http://127.0.0.1:PORT/`. */
  pageUrl: string;
  /** The emulator's control API: `http://127.0.0.1:PORT/_control`. */
  controlUrl: string;
  /** Where the bot's database is. */
  dataDir: string;
  /** The bot's whole log (JSON lines), beside its database. */
  logFile: string;
  world: ProcessWorld;
  /** Stops the bot (SIGTERM), the emulator and the service; removes the database unless `keep`. */
  stop(): Promise<void>;
}

/** A word the bot refuses in prompts, so a refusal can be tried. */
export const DEMO_BANNED_WORD = "forbidden";

/** Starts the demo; resolves once the bot is connected and its commands are registered. */
export async function startDemo(options: DemoOptions): Promise<Demo> {
  let emu: DiscordEmulator | null = null;
  const control = controlApi(() => emu);
  const page = await pageHandler();
  let pool: DemoPool | null = null;
  // The page's Bot log drawer: the bot's warnings and errors, and where its whole log is.
  let botLog: { logs: readonly LogLine[]; file: string } | null = null;
  const answerBotLog = (req: IncomingMessage, res: ServerResponse, url: URL): boolean => {
    if (url.pathname !== "/_demo/bot-log" || req.method !== "GET") return false;
    const body = { file: botLog?.file ?? null, problems: botLog ? botProblems(botLog.logs) : [] };
    res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
    res.end(JSON.stringify(body));
    return true;
  };
  const world = await startProcessWorld({
    emulator: { port: options.port, botUsername: "Imagine Bot" },
    service: {
      tickMs: options.tickMs ?? 600,
      profile: options.profile ?? "hosted",
      initialHealth: "healthy",
    },
    emulatorHandler: async (req, res, url) =>
      (await page(req, res, url)) ||
      (await pool?.handle(req, res, url)) ||
      answerBotLog(req, res, url) ||
      control(req, res, url),
    dataDirPrefix: "imagine-bot-demo-",
    keepDataDir: options.keep ?? false,
  });
  emu = world.emu;
  const tickMs = options.tickMs ?? 600;
  if ((options.servers ?? 1) > 1) pool = await startDemoPool(world.service, options.servers ?? 1, tickMs);
  // A second member, so the page can switch between two members and a moderator.
  emu.addMember({ guildId: world.world.guild.id, user: emu.addUser({ username: "bob" }) });
  // The owner's audit channel: who resumed a held server, moderators' actions (AUDIT_CHANNEL_ID).
  const audit = emu.addChannel({ guildId: world.world.guild.id, name: "imagine-audit" });
  let bot;
  try {
    bot = await world.startBot({
      POLL_INTERVAL_MS: "1000",
      PROGRESS_UPDATE_INTERVAL_MS: "1000",
      JOB_TIMEOUT_MS: "300000",
      USER_COOLDOWN_MS: "0",
      BANNED_WORDS: DEMO_BANNED_WORD,
      // The demo's image service is local and free: show the Enhance buttons.
      ENHANCE_FACTORS: "2x,4x",
      LOG_LEVEL: "info",
      AUDIT_CHANNEL_ID: audit.id,
      ...(pool ? { ...pool.env, IMAGINE_API_SLOTS: "3" } : {}),
      ...options.env,
    });
    // Commands for user installs are global: alice's installed app offers them in Friends, the server
    // the bot is not in.
    await deployCommands(
      parseConfig({
        DISCORD_TOKEN: emu.botToken,
        DISCORD_CLIENT_ID: emu.applicationId,
        DISCORD_API_URL: emu.apiUrl,
        IMAGINE_API_URL: world.service.url,
        IMAGINE_API_TOKEN: world.service.token,
      }),
      undefined,
      { kind: "global" },
    );
  } catch (error) {
    await pool?.close();
    await world.stop();
    throw error;
  }
  const logFile = join(world.dataDir, "bot.log");
  const stopLog = followBotLog(bot.logs, logFile, options.onBotProblem ?? (() => {}));
  botLog = { logs: bot.logs, file: logFile };
  return {
    logFile,
    pageUrl: `${emu.baseUrl}/`,
    controlUrl: `${emu.baseUrl}/_control`,
    dataDir: world.dataDir,
    world,
    stop: async () => {
      stopLog();
      await world.stop("SIGTERM");
      await pool?.close();
    },
  };
}

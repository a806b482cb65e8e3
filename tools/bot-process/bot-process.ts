/**
 * The bot in its own process, for the demo and for what an in-process bot cannot show the tests: SIGKILL,
 * signals, exit codes and start-up messages. Under vitest it runs the plain JavaScript that
 * test/support/bot-build.ts transpiles once for the run (as `npm start` runs a build); elsewhere
 * (`npm run demo`) `src/main.ts` through tsx. The Discord emulator and the reference image service run in
 * the calling process; the child reaches them over HTTP like a deployed bot reaches Discord.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import type { ReferenceService } from "../reference-service/index.js";
import type { DiscordEmulator } from "../discord-emulator/emulator.js";
import type { DefaultWorld } from "../discord-emulator/fixtures.js";
import { startLocalWorld, type LocalWorldOptions } from "./local-world.js";
import { startScriptNodeFlags } from "./start-flags.js";

const PROJECT_ROOT = resolve(import.meta.dirname, "../..");
/**
 * Node's arguments that start the bot, with `npm start`'s flags: the run's build under vitest, else the
 * sources through tsx.
 */
const BOT_ARGS = await (async () => {
  const built = process.env["VITEST"] ? (await import("vitest")).inject("botMain") : undefined;
  if (built) return [...startScriptNodeFlags(), built];
  const tsx = createRequire(import.meta.url).resolve("tsx");
  return [...startScriptNodeFlags(), "--import", tsx, join(PROJECT_ROOT, "src/main.ts")];
})();

/** A parsed JSON log line of the bot (pino), with the raw text kept. */
export interface LogLine {
  level: number;
  msg: string;
  raw: string;
  [key: string]: unknown;
}

/** How a child process ended. */
export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A bot process started by {@link spawnBot}. */
export interface BotProcess {
  readonly child: ChildProcess;
  /** Every stdout line so far, parsed when it is JSON (the bot logs JSON when stdout is not a terminal). */
  readonly logs: LogLine[];
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Resolves with the first log line (already seen or coming) that matches; rejects when the bot exits. */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** Resolves when the process has ended. */
  readonly exited: Promise<ProcessExit>;
  /** Sends a signal (no-op once exited). */
  kill(signal: NodeJS.Signals): void;
}

/** The environment a child needs, and nothing of the test runner's (no .env, no stray variables). */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { PATH: process.env["PATH"], HOME: process.env["HOME"] };
  if (process.env["TMPDIR"]) base["TMPDIR"] = process.env["TMPDIR"];
  return { ...base, TSX_TSCONFIG_PATH: join(PROJECT_ROOT, "tsconfig.json"), ...env };
}

function parseLine(raw: string): LogLine {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === "object" && parsed !== null && "msg" in parsed)
      return { ...parsed, raw } as LogLine;
  } catch {
    // Not JSON: kept as text.
  }
  return { level: 0, msg: raw, raw };
}

/**
 * Starts the bot's `main` in a child process with exactly `env`, in `cwd` (a directory without a `.env`).
 * Does not wait for anything: see {@link startBotProcess}.
 */
export function spawnBot(env: Record<string, string>, cwd: string): BotProcess {
  const child = spawn(process.execPath, BOT_ARGS, {
    cwd,
    env: childEnv(env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: LogLine[] = [];
  let stderr = "";
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  createInterface({ input: child.stdout! }).on("line", (raw) => {
    logs.push(parseLine(raw));
    notify();
  });
  child.stderr!.setEncoding("utf8");
  child.stderr!.on("data", (chunk: string) => (stderr += chunk));
  let ended: ProcessExit | null = null;
  const exited = new Promise<ProcessExit>((resolveExit) => {
    child.once("exit", (code, signal) => {
      ended = { code, signal };
      notify();
      resolveExit(ended);
    });
  });
  const describe = () =>
    `stderr:\n${stderr}\nlast log lines:\n${logs
      .slice(-15)
      .map((l) => l.raw)
      .join("\n")}`;
  return {
    child,
    logs,
    stderr: () => stderr,
    exited,
    kill(signal) {
      if (ended === null) child.kill(signal);
    },
    waitForLog(match, timeoutMs = 10_000) {
      return new Promise<LogLine>((resolveLine, reject) => {
        let seen = 0;
        const check = () => {
          for (; seen < logs.length; seen++) {
            const line = logs[seen]!;
            if (match(line)) return finish(() => resolveLine(line));
          }
          if (ended !== null)
            finish(() => reject(new Error(`the bot exited (${JSON.stringify(ended)}) first\n${describe()}`)));
        };
        const timer = setTimeout(
          () => finish(() => reject(new Error(`no matching log line within ${timeoutMs} ms\n${describe()}`))),
          timeoutMs,
        );
        const finish = (settle: () => void) => {
          clearTimeout(timer);
          listeners.delete(check);
          settle();
        };
        listeners.add(check);
        check();
      });
    },
  };
}

/** Emulator, default world and reference service in the test process, commands registered, a data dir. */
export interface ProcessWorld {
  emu: DiscordEmulator;
  world: DefaultWorld;
  service: ReferenceService;
  /** A fresh temporary directory: the children's working directory, holding the database. */
  dataDir: string;
  /** The database file the children use. */
  databasePath: string;
  /** The environment that points a bot at this world (overrides win). */
  env(overrides?: Record<string, string>): Record<string, string>;
  /** Starts a bot and waits until it runs (gateway up, unfinished jobs resumed), at most `timeoutMs` (15 s). */
  startBot(overrides?: Record<string, string>, timeoutMs?: number): Promise<BotProcess>;
  /**
   * Ends every bot still running (SIGKILL unless `signal` says otherwise, SIGKILL after 10 s anyway), then
   * stops emulator and service and removes the data dir (unless `keepDataDir`).
   */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface ProcessWorldOptions extends LocalWorldOptions {
  /** Leave the data directory (the database) in place at stop. */
  keepDataDir?: boolean;
  /** Start of the data directory's name under the OS temp dir. */
  dataDirPrefix?: string;
}

/** Whether a log line is main.ts announcing that the bot is up. */
export const isRunningLine = (line: LogLine): boolean => line.msg === "imagine-bot is running";

/** Starts the world a child bot talks to: emulator, reference service (manual mode), commands registered. */
export async function startProcessWorld(options: ProcessWorldOptions = {}): Promise<ProcessWorld> {
  const testWorld = await startLocalWorld(options);
  const { emu, world, service } = testWorld;
  const dataDir = await mkdtemp(join(tmpdir(), options.dataDirPrefix ?? "imagine-bot-e2e-"));
  const databasePath = join(dataDir, "jobs.db");
  const bots: BotProcess[] = [];
  const env = (overrides: Record<string, string> = {}) =>
    testWorld.env({ DATABASE_PATH: databasePath, ...overrides });
  return {
    emu,
    world,
    service,
    dataDir,
    databasePath,
    env,
    async startBot(overrides = {}, timeoutMs = 15_000) {
      const bot = spawnBot(env(overrides), dataDir);
      bots.push(bot);
      try {
        await bot.waitForLog(isRunningLine, timeoutMs);
      } catch (err) {
        bot.kill("SIGKILL");
        throw err;
      }
      return bot;
    },
    async stop(signal = "SIGKILL") {
      for (const bot of bots) bot.kill(signal);
      const killer = setTimeout(() => bots.forEach((b) => b.kill("SIGKILL")), 10_000);
      await Promise.all(bots.map((b) => b.exited));
      clearTimeout(killer);
      await testWorld.close();
      if (!options.keepDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

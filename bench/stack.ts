/**
 * The three parts of a benchmark run, each in its own process: the Discord emulator
 * (`tools/discord-emulator/cli.ts`), the reference image service (`tools/reference-service/cli.ts --control`) and
 * the built bot (`node dist/src/main.js`, as `npm start` runs it), configured only through env.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseConfig } from "../src/config.js";
import { deployCommands } from "../commands/index.js";
import { startScriptNodeFlags } from "../tools/bot-process/start-flags.js";
import { getJson, postJson } from "./http.js";
import {
  PROJECT_ROOT,
  printedValue,
  startProcess,
  startTsProcess,
  type ManagedProcess,
  type OutputLine,
} from "./processes.js";

/** The built bot, as `npm start` runs it. */
export const BOT_MAIN = join(PROJECT_ROOT, "dist/src/main.js");

/** The emulator's view of one interaction (`GET /_control/interaction`). */
export interface InteractionView {
  id: string;
  token: string;
  response: { components?: unknown[]; content?: string } | null;
}

/** A request of the emulator's log (`GET /_control/requests`). */
export interface LoggedRequest {
  method: string;
  path: string;
  route: string;
  status: number;
  realAt: number;
  rateLimited: boolean;
  body?: unknown;
}

/** The Discord emulator process and its control API. */
export interface EmulatorProcess {
  proc: ManagedProcess;
  apiUrl: string;
  token: string;
  applicationId: string;
  guildId: string;
  generalId: string;
  /** The extra text channels `#channel1..N` of the same server. */
  channelIds: string[];
  /** The servers added on gateway shards (`--shard-guilds`): server i is on shard i of their number. */
  shardGuilds: { shard: number; guildId: string; channelIds: string[] }[];
  control(path: string): string;
  /** Runs /imagine as `user` in `channel` (default #general); returns the interaction. */
  imagine(user: string, prompt: string, channel?: string): Promise<InteractionView>;
  interaction(id: string): Promise<InteractionView>;
  /** Number of requests logged so far (a cursor for {@link requestsFrom}). */
  requestCount(): Promise<number>;
  requestsFrom(index: number, bodies?: boolean): Promise<LoggedRequest[]>;
  stats(from: number): Promise<{ total: number; rateLimited: number; byRoute: Record<string, number> }>;
  identifies(): Promise<{ at: number; accepted: boolean }[]>;
}

/**
 * Starts the emulator with `users` extra members (`user1`..) and `channels` extra text channels
 * (`#channel1`..), plus `shardGuilds` servers each on its own gateway shard with the same members and
 * channels, and registers the bot's commands (in the first server, and globally when there are more).
 */
export async function startEmulator(users: number, channels = 0, shardGuilds = 0): Promise<EmulatorProcess> {
  const proc = startTsProcess("emulator", "tools/discord-emulator/cli.ts", [
    "--port",
    "0",
    "--users",
    String(users),
    "--channels",
    String(channels),
    "--shard-guilds",
    String(shardGuilds),
  ]);
  const apiUrl = await printedValue(proc, "DISCORD_API_URL");
  const token = await printedValue(proc, "DISCORD_TOKEN");
  const applicationId = await printedValue(proc, "DISCORD_CLIENT_ID");
  const guildId = await printedValue(proc, "DISCORD_GUILD_ID");
  const world = await proc.waitForLine((l) => l.text.startsWith("# World:"));
  const generalId = /#general (\d+)/.exec(world.text)?.[1];
  if (!generalId) throw new Error(`emulator: no #general id in "${world.text}"`);
  const channelIds = [...world.text.matchAll(/#channel\d+ (\d+)/g)].map((m) => m[1]!);
  const shardLine =
    shardGuilds > 0 ? (await proc.waitForLine((l) => l.text.startsWith("# Shard servers"))).text : "";
  const shardServers = [...shardLine.matchAll(/(\d+) (\d+) ([\d,]+)/g)].map((m) => ({
    shard: Number(m[1]),
    guildId: m[2]!,
    channelIds: m[3]!.split(","),
  }));
  const base = apiUrl.replace(/\/api$/, "");
  const control = (path: string) => `${base}/_control/${path}`;
  const deployConfig = {
    DISCORD_TOKEN: token,
    DISCORD_CLIENT_ID: applicationId,
    DISCORD_API_URL: apiUrl,
    IMAGINE_API_URL: "http://127.0.0.1:1",
    IMAGINE_API_TOKEN: "unused",
  };
  await deployCommands(parseConfig({ ...deployConfig, DISCORD_GUILD_ID: guildId }));
  if (shardGuilds > 0) await deployCommands(parseConfig(deployConfig));
  return {
    proc,
    apiUrl,
    token,
    applicationId,
    guildId,
    generalId,
    channelIds,
    shardGuilds: shardServers,
    control,
    imagine: (user, prompt, channel = generalId) =>
      postJson(control("slash"), { name: "imagine", options: { prompt }, user, channel }),
    interaction: (id) => getJson(control(`interaction?id=${id}`)),
    requestCount: async () => (await getJson<{ total: number }>(control("stats?from=0"))).total,
    requestsFrom: (index, bodies = true) =>
      getJson(control(`requests?from=${index}${bodies ? "" : "&bodies=0"}`)),
    stats: (from) => getJson(control(`stats?from=${from}`)),
    identifies: async () =>
      (await getJson<{ identifies: { at: number; accepted: boolean }[] }>(control("gateway"))).identifies,
  };
}

/** Options of {@link startService}. */
export interface ServiceSettings {
  tickMs: number;
  steps?: number;
  concurrency?: number;
  webhooks?: string[];
  /** Prompts matching this stay in progress (at 42 %) until completed through the control API. */
  hangPattern?: string;
  /** Prompts matching this fail as Midjourney does ("Timeout while waiting for completion"). */
  failPattern?: string;
}

/** The reference service process and its control API. */
export interface ServiceProcess {
  proc: ManagedProcess;
  url: string;
  token: string;
  /** Records that stay in progress at 50 % and never move; returns their ids. */
  seed(count: number): Promise<string[]>;
  /** Marks the record of `ref` completed now; returns its id. */
  complete(ref: string): Promise<string>;
  /** When each completed record was marked completed (`at`, ms since 1970), with its `ref`. */
  completions(): Promise<{ id: string; ref: string | null; at: number }[]>;
  /** Records that failed, when (ms since 1970) and with what. */
  failures(): Promise<{ id: string; at: number; error: string | null }[]>;
  /** The API requests served from index `from` on (`METHOD /path`), with their status and time. */
  requests(from: number): Promise<{ request: string; status: number; at: number }[]>;
  /** Changes how the next jobs behave (`POST /_control/lifecycle`), e.g. `{accountNotice}`. */
  lifecycle(settings: Record<string, unknown>): Promise<unknown>;
  /** Requests served so far and image reads among those from `from` on. */
  stats(from: number): Promise<{ total: number; imageReads: number }>;
}

/** Starts the reference service on a free port with the benchmark control routes. */
export async function startService(settings: ServiceSettings): Promise<ServiceProcess> {
  const args = ["--port", "0", "--control", "--tick-ms", String(settings.tickMs)];
  args.push("--steps", String(settings.steps ?? 10), "--concurrency", String(settings.concurrency ?? 1000));
  for (const url of settings.webhooks ?? []) args.push("--webhook", url);
  if (settings.hangPattern) args.push("--hang-pattern", settings.hangPattern);
  if (settings.failPattern) args.push("--fail-pattern", settings.failPattern);
  const proc = startTsProcess("service", "tools/reference-service/cli.ts", args);
  const url = await printedValue(proc, "IMAGINE_API_URL");
  const token = await printedValue(proc, "IMAGINE_API_TOKEN");
  const control = (path: string) => `${url}/_control/${path}`;
  return {
    proc,
    url,
    token,
    seed: async (count) => (await postJson<{ ids: string[] }>(control("seed"), { count })).ids,
    complete: async (ref) => (await postJson<{ id: string }>(control("complete"), { ref })).id,
    completions: () => getJson(control("completions")),
    failures: () => getJson(control("failures")),
    requests: (from) => getJson(control(`requests?from=${from}`)),
    lifecycle: (settings) => postJson(control("lifecycle"), settings),
    stats: (from) => getJson(control(`stats?from=${from}`)),
  };
}

/** Added to every bot's environment (`npm run bench -- --bot-node-options "..."` sets NODE_OPTIONS here). */
export const extraBotEnv: Record<string, string> = {};

/** The bot's environment against `emu` and `service`: production defaults unless overridden. */
export function botEnv(
  emu: EmulatorProcess,
  service: ServiceProcess,
  databasePath: string,
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    DISCORD_TOKEN: emu.token,
    DISCORD_CLIENT_ID: emu.applicationId,
    DISCORD_GUILD_ID: emu.guildId,
    DISCORD_API_URL: emu.apiUrl,
    IMAGINE_API_URL: service.url,
    IMAGINE_API_TOKEN: service.token,
    DATABASE_PATH: databasePath,
    // A deployed ImagineAPI serves public image URLs, which the bot links (IMAGE_DELIVERY=auto picks
    // "link" for them); the local service's 127.0.0.1 URLs would make it download and upload instead.
    IMAGE_DELIVERY: "link",
    LOG_LEVEL: "info",
    ...extraBotEnv,
    ...overrides,
  };
}

/**
 * npm's own command-line script, so `npm start` runs as `node <npm-cli.js> start`, which is what the `npm`
 * command runs: `npm_execpath` under `npm run bench`, else the npm installed beside this node.
 */
function npmCli(): string {
  return (
    process.env["npm_execpath"] ?? join(dirname(process.execPath), "../lib/node_modules/npm/bin/npm-cli.js")
  );
}

/** A bot process with its own data directory. */
export interface BotProcess {
  /** The process spawned: the bot, or npm when started through `npm start`. */
  proc: ManagedProcess;
  /** The bot's own process id (npm's child when started through `npm start`). */
  botPid: number;
  /** Real time (ms since 1970) just before the process was spawned. */
  spawnedAt: number;
  /** Real time the bot logged that it is connected to Discord. */
  readyLoggedAt: number;
  stop(): Promise<void>;
}

/** A fresh directory for one bot's database; removed by the returned `cleanup`. */
export async function dataDirectory(): Promise<{ path: string; cleanup: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), "imagine-bench-"));
  return { path, cleanup: () => rm(path, { recursive: true, force: true }) };
}

const isLog = (msg: string) => (l: OutputLine) => l.json?.["msg"] === msg;

/**
 * Spawns `node <npm start's flags> dist/src/main.js` with exactly `env`, in an empty directory (no .env), and waits until it
 * logged "connected to Discord" (and, with `waitForResume`, that it claimed its stored jobs). `npmStart`:
 * runs `npm start` in the project instead, as an owner does (its `prestart` included; the bot's working
 * directory is then the project's, whose `.env`, if any, fills in what `env` leaves unset).
 */
export async function startBot(
  env: Record<string, string>,
  options: { waitForResume?: boolean; cwd: string; npmStart?: boolean; extraNodeFlags?: string[] },
): Promise<BotProcess> {
  const spawnedAt = Date.now();
  const nodeFlags = [...startScriptNodeFlags(), ...(options.extraNodeFlags ?? [])];
  const proc = options.npmStart
    ? startProcess({ name: "npm start", args: [npmCli(), "start"], env, cwd: PROJECT_ROOT })
    : startProcess({ name: "bot", args: [...nodeFlags, BOT_MAIN], env, cwd: options.cwd });
  const connected = await proc.waitForLine(isLog("connected to Discord"));
  const readyLoggedAt = Date.now();
  const botPid = typeof connected.json?.["pid"] === "number" ? connected.json["pid"] : proc.pid;
  if (options.waitForResume) await proc.waitForLine(isLog("claimed jobs from the store"), 120_000);
  return {
    proc,
    botPid,
    spawnedAt,
    readyLoggedAt,
    async stop() {
      if (botPid !== proc.pid) {
        // The bot itself is stopped, as a supervisor stops it; npm then ends with it.
        process.kill(botPid, "SIGTERM");
        await Promise.race([proc.exited, new Promise((done) => setTimeout(done, 10_000).unref())]);
      }
      const exit = await proc.stop(10_000);
      if (exit.code !== 0 && exit.signal !== null)
        console.warn(`bot ended with ${exit.signal} (code ${String(exit.code)})`);
    },
  };
}

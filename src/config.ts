/**
 * The bot's configuration: the only module that reads `process.env`.
 * Parsed once at start; every problem is reported together in one {@link ConfigError}.
 */
import dotenv from "dotenv";
import { z } from "zod";
import { parseServers, type ImagineServerConfig } from "./config-servers.js";
import {
  autoOr,
  blankAsUnset,
  enhanceFactors,
  httpUrl,
  int,
  isPostgresUrl,
  oneOf,
  shardList,
  snowflake,
} from "./config-values.js";

export { MAX_ENHANCE_FACTORS } from "./config-values.js";

const DISCORD_API = "https://discord.com/api";
const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** Schema of every environment variable the bot reads. Keep in step with .env.example and the README. */
export const configSchema = z.object({
  DISCORD_TOKEN: z
    .string({ error: "is required: the bot token from the Developer Portal (Bot > Reset Token)" })
    .trim(),
  DISCORD_CLIENT_ID: snowflake,
  DISCORD_GUILD_ID: snowflake,
  DISCORD_API_URL: httpUrl.default(DISCORD_API),
  /**
   * A fleet's Discord proxy (REST base including /api): bot-token calls go through it, interaction calls
   * straight to DISCORD_API_URL.
   */
  DISCORD_PROXY_URL: httpUrl.optional(),
  /** Gateway shards of the whole bot (every process): auto asks Discord. */
  DISCORD_SHARD_COUNT: autoOr(1, 100_000).default("auto"),
  /** Which of the shards this process runs: auto runs them all. */
  DISCORD_SHARDS: shardList.default("auto"),
  IMAGINE_API_URL: z
    .string({ error: "is required: the image service's base URL, e.g. https://cl.imagineapi.dev" })
    .pipe(httpUrl),
  IMAGINE_API_TOKEN: z
    .string({ error: "is required: the image service's API token (sent as a Bearer token)" })
    .trim(),
  /**
   * Whether creates carry `ref`: auto finds out (a self-hosted ImagineAPI refuses it), send / omit decide.
   * @see service-facts.md, "Two kinds of server"
   */
  IMAGINE_API_REF: oneOf(["auto", "send", "omit"]).default("auto"),
  /** Whether the service has the upscale route (Enhance): auto finds out, on / off decide. */
  IMAGINE_API_UPSCALE: oneOf(["auto", "on", "off"]).default("auto"),
  DATABASE_PATH: z.string().default("./data/imagine-bot.db"),
  /** A Postgres server instead of the SQLite file (for a fleet of bot processes); never echoed back. */
  DATABASE_URL: z
    .string()
    .trim()
    .refine(
      isPostgresUrl,
      "must be a postgres:// or postgresql:// URL, e.g. postgres://bot:secret@db:5432/imagine",
    )
    .optional(),
  POLL_INTERVAL_MS: int(100).default(3000),
  /** How long a process's hold on its jobs lasts unless renewed: a dead process's jobs move after this. */
  JOB_LEASE_MS: int(1000, 3_600_000).default(30_000),
  /** Most jobs one process follows: it claims no more from a shared database. */
  PROCESS_MAX_JOBS: int(1).default(10_000),
  /**
   * A job's time limit: running (then read once more and reported timed out), and waiting in the bot's line
   * for a free image server (then ended, never sent).
   */
  JOB_TIMEOUT_MS: int(1000).default(1_200_000),
  PROGRESS_UPDATE_INTERVAL_MS: int(0).default(3000),
  IMAGE_DELIVERY: oneOf(["auto", "link", "attach"]).default("auto"),
  HTTP_PORT: int(0, 65535).optional(),
  /** Interface the HTTP server binds: all by default (reachable from outside a container). */
  HTTP_HOST: z.string().trim().min(1).default("0.0.0.0"),
  WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(
      /^[A-Za-z0-9_-]{16,}$/,
      "must be at least 16 characters of A-Z a-z 0-9 _ - (it goes in a URL path)",
    )
    .optional(),
  LOG_LEVEL: oneOf(LOG_LEVELS).default("info"),
  /** How far the JavaScript heap may grow past its live size before it is collected, percent; 0: V8's own rule. */
  HEAP_GROWTH_PERCENT: int(0, 400).default(40),
  /** Longest prompt accepted, before anything is sent (Discord's string option allows 6000). */
  PROMPT_MAX_LENGTH: int(1, 6000).default(2000),
  /** Largest image attachment accepted as an image prompt. */
  ATTACHMENT_MAX_BYTES: int(1).default(10 * 1024 * 1024),
  /** Largest image downloaded for IMAGE_DELIVERY=attach (Discord's default upload limit is 10 MiB). */
  IMAGE_DOWNLOAD_MAX_BYTES: int(1).default(10 * 1024 * 1024),
  /** Time limit of one request to the image service. */
  SERVICE_TIMEOUT_MS: int(100).default(15_000),
  /**
   * A job whose record is still `pending` this long on a server that reports itself not healthy with a
   * message (e.g. "Midjourney credits exhausted") is made again on another server (0: never).
   */
  IMAGINE_API_PENDING_MOVE_MS: int(0, 3_600_000).default(60_000),
  /** At most this many requests to the image service at once. */
  SERVICE_MAX_CONCURRENCY: int(1, 256).default(8),
  /** At most this many requests to the image service at once across the whole fleet (needs DATABASE_URL). */
  SERVICE_FLEET_MAX_CONCURRENCY: int(1, 1024).optional(),
  /** Jobs one user may have running at once (moderators are exempt). */
  USER_MAX_ACTIVE_JOBS: int(1, 100).default(2),
  /** Least time between two submissions of one user (moderators are exempt). */
  USER_COOLDOWN_MS: int(0).default(10_000),
  /** Jobs one server may have running at once. */
  GUILD_MAX_ACTIVE_JOBS: int(1, 10_000).default(10),
  /** Images one member may start per day (UTC) in one server (and in DMs); 0: no daily limit. */
  USER_DAILY_IMAGES: int(0, 1_000_000).default(0),
  /** Words or phrases refused in prompts, comma-separated (whole words, any case). */
  BANNED_WORDS: z.string().default(""),
  /** A file with more banned words, one per line (`#` starts a comment). */
  BANNED_WORDS_FILE: z.string().optional(),
  /** Midjourney's starter list of banned words (src/moderation/midjourney-banned-words.ts), checked after the owner's and each server's. */
  MIDJOURNEY_BANNED_WORDS: oneOf(["on", "off"]).default("on"),
  /**
   * Whether members may install the app to their own account and use /imagine and the other member commands
   * anywhere (servers without the bot, group DMs); `off` registers them for server installs only.
   * @see https://discord.com/developers/docs/resources/application#installation-context
   */
  USER_INSTALLS: oneOf(["on", "off"]).default("on"),
  /**
   * Images only in age-restricted (NSFW) channels, in every server that did not choose for itself with
   * `/imagine-config` and in servers the bot is not in (reached by a member's install); DMs are not channels
   * of a server.
   */
  AGE_RESTRICTED_ONLY: oneOf(["on", "off"]).default("off"),
  /** Midjourney's refusals of one member's prompts within 24 h that pause them (where it happened); 0: never. */
  MIDJOURNEY_REFUSALS_TO_PAUSE: int(0, 100).default(3),
  /** How long such a pause lasts, in hours. */
  MIDJOURNEY_REFUSAL_PAUSE_HOURS: int(1, 24 * 365).default(24),
  /** A channel where every submission and refusal is posted for moderators. */
  AUDIT_CHANNEL_ID: snowflake,
  /** The Enhance buttons under every single image (U1-U4), as upscale factors; none (off) by default. */
  ENHANCE_FACTORS: enhanceFactors,
  /** Finished jobs are removed from the database after this many days. */
  JOB_RETENTION_DAYS: int(1, 3650).default(7),
});

/** Problems between variables that each look fine alone. */
const checkedConfigSchema = configSchema.superRefine((config, ctx) => {
  if (config.SERVICE_FLEET_MAX_CONCURRENCY !== undefined && config.DATABASE_URL === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["SERVICE_FLEET_MAX_CONCURRENCY"],
      message:
        "needs DATABASE_URL: it caps a fleet of processes sharing Postgres; one process on SQLite is capped by SERVICE_MAX_CONCURRENCY",
    });
  }
  const shards = config.DISCORD_SHARDS;
  if (shards === "auto") return;
  const count = config.DISCORD_SHARD_COUNT;
  if (count === "auto") {
    ctx.addIssue({
      code: "custom",
      path: ["DISCORD_SHARDS"],
      message: "needs DISCORD_SHARD_COUNT (the shards of all processes together) when it lists shard ids",
    });
  } else if (shards.some((id) => id >= count)) {
    ctx.addIssue({
      code: "custom",
      path: ["DISCORD_SHARDS"],
      message: `must list ids below DISCORD_SHARD_COUNT (${count}), from 0 to ${count - 1}`,
    });
  }
});

export type Config = z.output<typeof configSchema> & {
  /**
   * The ImagineAPI servers of the pool, server 1 first (IMAGINE_API_URL, then IMAGINE_API_URL_2 ...); see
   * `config-servers.ts`.
   */
  readonly IMAGINE_SERVERS: readonly ImagineServerConfig[];
};

/** Thrown when the environment is not a valid configuration; the message lists every problem. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `imagine-bot is not configured correctly:\n${problems.map((p) => `  - ${p}`).join("\n")}\n` +
        "Set these in .env (copy .env.example) or in the environment, then start again.\n" +
        "To try the bot first, with no Discord application or image service: npm run demo",
    );
    this.name = "ConfigError";
  }
}

/**
 * Parses configuration from `env`. Pure: give it any object (tests do).
 * @throws {ConfigError} listing every missing or invalid variable.
 */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // Blank values (`FOO=` as copied from .env.example) count as unset, so defaults apply.
  const cleaned = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, blankAsUnset(v)]));
  const result = checkedConfigSchema.safeParse(cleaned);
  const pool = parseServers(cleaned as Record<string, string | undefined>);
  if (result.success && pool.problems.length === 0) return { ...result.data, IMAGINE_SERVERS: pool.servers };
  const issues = result.success ? [] : result.error.issues;
  const problems = issues.map((issue) => {
    const name = issue.path.join(".");
    const value = env[name];
    const shown =
      value === undefined || /TOKEN|SECRET|DATABASE_URL/.test(name) ? "" : ` (got ${JSON.stringify(value)})`;
    return `${name} ${issue.message}${shown}`;
  });
  throw new ConfigError([...problems, ...pool.problems]);
}

/** Requirements beyond the schema for `npm run deploy`. */
export function requireClientId(config: Config): string {
  if (!config.DISCORD_CLIENT_ID) {
    throw new ConfigError([
      "DISCORD_CLIENT_ID is required by `npm run deploy`: the Application ID from the Developer Portal (General Information)",
    ]);
  }
  return config.DISCORD_CLIENT_ID;
}

/** Loads `.env` (without overriding real environment variables) and parses `process.env` once. */
export function loadConfig(options: { envFile?: string } = {}): Config {
  dotenv.config({ quiet: true, ...(options.envFile ? { path: options.envFile } : {}) });
  return parseConfig(process.env);
}

/** Reads one raw variable for tools that are not the bot (the reference service CLI, the emulator CLI). */
export function readEnv(name: string): string | undefined {
  return blankAsUnset(process.env[name]) as string | undefined;
}

/** Whether stdout is a terminal (pretty logs) — kept here so nothing else touches process globals for config. */
export function isInteractive(): boolean {
  return Boolean(process.stdout.isTTY);
}

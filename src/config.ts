/**
 * The bot's configuration: the only module that reads `process.env`.
 * Parsed once at start; every problem is reported together in one {@link ConfigError}.
 */
import dotenv from "dotenv";
import { z } from "zod";
import { isUpscaleFactor, UPSCALE_FACTORS, type UpscaleFactor } from "./service/schema.js";
import { parseServers, type ImagineServerConfig } from "./config-servers.js";

const DISCORD_API = "https://discord.com/api";
const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** Treats an empty string (`FOO=` in .env) as "not set", so defaults apply. */
function blankAsUnset(v: unknown): unknown {
  return typeof v === "string" && v.trim() === "" ? undefined : v;
}

const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

/** A whole number in range, e.g. `int(100).default(3000)`. */
const int = (min: number, max = Number.MAX_SAFE_INTEGER) => wholeNumber(min, max);

const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL, e.g. https://example.com/api" })
  .transform((u) => u.replace(/\/+$/, ""));

const snowflake = z
  .string()
  .trim()
  .regex(/^\d{17,20}$/, "must be a Discord id (17-20 digits; enable Developer Mode, right-click, Copy ID)")
  .optional();

/** Whether `value` parses as a URL with the postgres: or postgresql: scheme. */
function isPostgresUrl(value: string): boolean {
  try {
    return /^postgres(ql)?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** A value from a fixed list, in any case. */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
    z.enum(values, { error: `must be one of ${values.join(", ")}` }),
  );

/** Most Enhance buttons under one image: one row of buttons holds five. */
export const MAX_ENHANCE_FACTORS = 5;

/**
 * `ENHANCE_FACTORS`: comma-separated upscale factors (`2x,4x`), any case and order, read as the distinct
 * factors smallest first; empty means Enhance is off.
 * @see https://discord.com/developers/docs/components/reference#action-row (at most 5 buttons)
 */
const enhanceFactors = z
  .string()
  .default("")
  .transform((text, ctx): UpscaleFactor[] => {
    const given = text
      .split(",")
      .map((f) => f.trim().toLowerCase())
      .filter(Boolean);
    const unknown = given.filter((f) => !isUpscaleFactor(f));
    const factors = UPSCALE_FACTORS.filter((f) => given.includes(f));
    if (unknown.length > 0 || factors.length > MAX_ENHANCE_FACTORS) {
      const problem =
        unknown.length > 0
          ? `has unknown factors ${unknown.join(", ")}`
          : `has ${factors.length} factors, more than ${MAX_ENHANCE_FACTORS}`;
      ctx.addIssue({
        code: "custom",
        message: `${problem}: give at most ${MAX_ENHANCE_FACTORS} of ${UPSCALE_FACTORS.join(", ")}, comma-separated (e.g. 2x,4x), or leave it empty to turn Enhance off`,
      });
      return z.NEVER;
    }
    return factors;
  });
/** `auto`, or a whole number in range. */
const autoOr = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim().toLowerCase() === "auto" ? "auto" : v),
    z.union([z.literal("auto"), wholeNumber(min, max)], {
      error: `must be auto or a whole number >= ${min}`,
    }),
  );

/** `auto`, or a comma-separated list of gateway shard ids (`0,1`). */
const shardList = z.preprocess(
  (v) => {
    if (typeof v !== "string") return v;
    const text = v.trim().toLowerCase();
    return text === "auto" ? text : text.split(",").map((id) => (/^\d+$/.test(id.trim()) ? Number(id) : id));
  },
  z.union([z.literal("auto"), z.array(z.number().int().min(0)).min(1)], {
    error: "must be auto or shard ids separated by commas, e.g. 0,1",
  }),
);

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
        "Set these in .env (copy .env.example) or in the environment, then start again.",
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

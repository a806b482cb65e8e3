/**
 * `npm run service`: the reference image service for trying the bot locally.
 * Prints the two lines to put in .env. Options: `npm run service -- --help`.
 */
import { parseArgs } from "node:util";
import { isInteractive } from "../../src/config.js";
import { createLogger } from "../../src/logger.js";
import type { HealthStatus } from "./bot-status.js";
import { SERVICE_PROFILES, startReferenceService, type ServiceProfile } from "./index.js";

const HEALTH_STATUSES: readonly HealthStatus[] = [
  "healthy",
  "starting",
  "unhealthy",
  "paused",
  "not started",
];

const HELP = `Usage: npm run service -- [options]

  --profile NAME      which ImagineAPI to be (default hosted):
                        hosted       imagineapi.dev: records carry \`ref\`, the upscale endpoint exists
                        self-hosted  ImagineAPI's own server: a create with \`ref\` is a 500, no upscale
                                     route (404), 11-field records, the /items/status singleton
  --health STATUS     what /items/status reports at start: healthy (default), starting, unhealthy,
                      paused, or "not started" (self-hosted only: its bot never reported; jobs wait)
  --port N            port to listen on (default 8787; 0 = any free port)
  --host ADDR         address to bind (default 127.0.0.1; 0.0.0.0 to reach it from Docker)
  --public-url URL    base of image URLs in records (default http://HOST:PORT)
  --token TOKEN       accepted API token (default: a new random one, printed)
  --tick-ms N         time of one progress step in ms (default 1000)
  --steps N           progress steps until an image is done (default 10)
  --concurrency N     images generated at once; others wait in "pending" (default 10)
  --banned WORDS      comma-separated words whose prompts fail like a Midjourney moderation refusal
  --fail-pattern RE   prompts matching this regular expression fail ("Timeout while waiting for completion")
  --hang-pattern RE   prompts matching this never finish
  --webhook URL       send webhooks to URL (repeatable), e.g. http://127.0.0.1:8080/webhooks/imagine/SECRET
  --control           serve the benchmark control routes under /_control/ (no token checked: local only)
  --help              this text`;

function pattern(name: string, value: string | undefined): RegExp | null {
  if (!value) return null;
  try {
    return new RegExp(value, "i");
  } catch (err) {
    throw new Error(`--${name} is not a valid regular expression: ${(err as Error).message}`);
  }
}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new Error(`--${name} must be one of ${allowed.map((a) => `"${a}"`).join(", ")} (got "${value}")`);
  }
  return value as T;
}

function httpUrl(name: string, value: string): string {
  if (!/^https?:$/.test(URL.parse(value)?.protocol ?? "")) {
    throw new Error(`--${name} must be an http:// or https:// URL (got "${value}")`);
  }
  return value;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      profile: { type: "string", default: "hosted" },
      health: { type: "string", default: "healthy" },
      port: { type: "string", default: "8787" },
      host: { type: "string", default: "127.0.0.1" },
      "public-url": { type: "string" },
      token: { type: "string" },
      "tick-ms": { type: "string", default: "1000" },
      steps: { type: "string", default: "10" },
      concurrency: { type: "string", default: "10" },
      banned: { type: "string", default: "" },
      "fail-pattern": { type: "string" },
      "hang-pattern": { type: "string" },
      webhook: { type: "string", multiple: true, default: [] },
      control: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const number = (name: string, value: string, min: number, max = Number.MAX_SAFE_INTEGER) => {
    const n = value.trim() === "" ? Number.NaN : Number(value);
    if (!Number.isInteger(n) || n < min || n > max) {
      const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
      throw new Error(`--${name} must be a whole number ${range} (got "${value}")`);
    }
    return n;
  };
  // Every value is checked before anything starts, so a bad flag leaves nothing running.
  const profile: ServiceProfile = oneOf("profile", values.profile, SERVICE_PROFILES);
  const initialHealth = oneOf("health", values.health, HEALTH_STATUSES);
  if (initialHealth === "not started" && profile === "hosted") {
    throw new Error(`--health "not started" is a self-hosted server's status: add --profile self-hosted`);
  }
  const settings = {
    profile,
    initialHealth,
    port: number("port", values.port, 0, 65_535),
    host: values.host,
    ...(values["public-url"]
      ? { publicUrl: httpUrl("public-url", values["public-url"]).replace(/\/+$/, "") }
      : {}),
    ...(values.token ? { tokens: { [values.token]: "local-user" } } : {}),
    tickMs: number("tick-ms", values["tick-ms"], 1),
    lifecycle: {
      steps: number("steps", values.steps, 1),
      concurrency: number("concurrency", values.concurrency, 1),
      bannedWords: values.banned
        .split(",")
        .map((w) => w.trim())
        .filter(Boolean),
      failPattern: pattern("fail-pattern", values["fail-pattern"]),
      hangPattern: pattern("hang-pattern", values["hang-pattern"]),
    },
    webhookUrls: values.webhook.map((url) => httpUrl("webhook", url)),
    control: values.control,
  };
  const logger = createLogger({ level: "info", pretty: isInteractive() });
  const service = await startReferenceService({ ...settings, logger });
  console.log(
    `\nReference image service (${profile}) running. Put these in .env:\n\nIMAGINE_API_URL=${service.url}\nIMAGINE_API_TOKEN=${service.token}\n`,
  );
  const stop = () => void service.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err: unknown) => {
  const reason = err instanceof Error ? err.message : String(err);
  console.error(`The reference service could not start: ${reason}\nOptions: npm run service -- --help`);
  process.exitCode = 1;
});

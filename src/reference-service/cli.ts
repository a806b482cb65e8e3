/**
 * `npm run service`: the reference image service for trying the bot locally.
 * Prints the two lines to put in .env. Options: `npm run service -- --help`.
 */
import { parseArgs } from "node:util";
import { isInteractive } from "../config.js";
import { createLogger } from "../logger.js";
import { startReferenceService } from "./index.js";

const HELP = `Usage: npm run service -- [options]

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

function pattern(value: string | undefined): RegExp | null {
  return value ? new RegExp(value, "i") : null;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
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
  const number = (name: string, value: string, min: number) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min)
      throw new Error(`--${name} must be a whole number of at least ${min} (got "${value}")`);
    return n;
  };
  const logger = createLogger({ level: "info", pretty: isInteractive() });
  const service = await startReferenceService({
    port: number("port", values.port, 0),
    host: values.host,
    ...(values["public-url"] ? { publicUrl: values["public-url"].replace(/\/+$/, "") } : {}),
    ...(values.token ? { tokens: { [values.token]: "local-user" } } : {}),
    tickMs: number("tick-ms", values["tick-ms"], 1),
    lifecycle: {
      steps: number("steps", values.steps, 1),
      concurrency: number("concurrency", values.concurrency, 1),
      bannedWords: values.banned
        .split(",")
        .map((w) => w.trim())
        .filter(Boolean),
      failPattern: pattern(values["fail-pattern"]),
      hangPattern: pattern(values["hang-pattern"]),
    },
    webhookUrls: values.webhook,
    control: values.control,
    logger,
  });
  console.log(
    `\nReference image service running. Put these in .env:\n\nIMAGINE_API_URL=${service.url}\nIMAGINE_API_TOKEN=${service.token}\n`,
  );
  const stop = () => void service.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err: unknown) => {
  console.error(`The reference service could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});

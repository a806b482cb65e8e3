/**
 * `npm run discord-proxy [-- options]`: one REST proxy in front of Discord for a fleet of bot processes
 * (docs/discord-proxy.md: when and how to run it, and its design). Point every process's `DISCORD_PROXY_URL` at the printed address.
 */
import { parseArgs } from "node:util";
import { createLogger } from "../logger.js";
import { errorMessage } from "../errors.js";
import { startDiscordProxy } from "./proxy-server.js";

const HELP = `Usage: npm run discord-proxy -- [options]

  --port N      port to listen on (default 8080)
  --host ADDR   address to bind (default 127.0.0.1; 0.0.0.0 in a container)
  --api URL     Discord's REST base including /api (default https://discord.com/api)
  --help        this text`;

/** The options given, or a message saying what is wrong with them. */
function options(argv: string[]): { port: number; host: string; api: string } | string {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: "string", default: "8080" },
      host: { type: "string", default: "127.0.0.1" },
      api: { type: "string", default: "https://discord.com/api" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) return HELP;
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    return `--port must be 0-65535, not ${values.port}`;
  if (!URL.canParse(values.api) || !/^https?:$/.test(new URL(values.api).protocol))
    return `--api must be an http(s) URL, e.g. https://discord.com/api, not ${values.api}`;
  return { port, host: values.host, api: values.api.replace(/\/+$/, "") };
}

async function main(): Promise<void> {
  const given = options(process.argv.slice(2));
  if (typeof given === "string") {
    if (given === HELP) console.log(HELP);
    else {
      console.error(given);
      process.exitCode = 1;
    }
    return;
  }
  const logger = createLogger();
  const proxy = await startDiscordProxy({ ...given, logger });
  logger.info({ apiUrl: proxy.apiUrl, upstream: given.api }, "Discord REST proxy listening");
  const stop = () =>
    void proxy.close().then(() => {
      logger.info(proxy.counts(), "Discord REST proxy stopped");
      process.exit(0);
    });
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

main().catch((err: unknown) => {
  console.error(`The Discord proxy could not start: ${errorMessage(err)}`);
  process.exitCode = 1;
});

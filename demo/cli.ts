/**
 * `npm run demo`: the bot, a Discord emulator, the reference image service and a Discord-like page, with
 * no configuration. Reads no .env and touches no ./data: the database lives under the OS temp dir.
 */
import { parseArgs } from "node:util";
import { SERVICE_PROFILES, type ServiceProfile } from "../tools/reference-service/index.js";
import { startDemo } from "./demo-stack.js";
import { describeDemoServers } from "./demo-pool.js";

const HELP = `Usage: npm run demo -- [options]
Starts the reference image service, the Discord emulator, the bot and a local page to try it in.

  --port N          port of the page and the emulator (default: DEMO_PORT or 8780; 0 = any free port)
  --profile NAME    which ImagineAPI the image service is: hosted (default; \`ref\` and the upscale
                    endpoint) or self-hosted (ImagineAPI's own server: no \`ref\`, no upscale route)
  --servers N       ImagineAPI servers behind the bot, 1 to 16 (default 1); every second one self-hosted;
                    make one unhealthy or stop it: POST /_pool/servers/<n>/health {"status":"unhealthy"},
                    /_pool/servers/<n>/stop, /_pool/servers/<n>/start; give its account Midjourney's
                    block notice: POST /_pool/servers/<n>/notice {"text": "..."} ({"text": null} ends it);
                    GET /_pool/servers lists them
  --keep            keep the demo's database (under the OS temp dir) at exit`;

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    profile: { type: "string", default: "hosted" },
    keep: { type: "boolean", default: false },
    servers: { type: "string", default: "1" },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const rawPort = values.port ?? process.env["DEMO_PORT"] ?? "8780";
const port = Number(rawPort);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port (or DEMO_PORT) must be a whole number between 0 and 65535, got "${rawPort}"`);
  process.exit(1);
}
if (!(SERVICE_PROFILES as readonly string[]).includes(values.profile)) {
  console.error(`--profile must be one of ${SERVICE_PROFILES.join(", ")}, got "${values.profile}"`);
  process.exit(1);
}
const profile = values.profile as ServiceProfile;
const servers = Number(values.servers);
if (!Number.isInteger(servers) || servers < 1 || servers > 16) {
  console.error(`--servers must be a whole number from 1 to 16, got "${values.servers}"`);
  process.exit(1);
}

const startedAt = Date.now();
console.log(
  servers > 1
    ? `Starting ${servers} image services (${describeDemoServers(servers, profile)}), the Discord emulator and the bot...`
    : `Starting the image service (${profile}), the Discord emulator and the bot...`,
);
let demo;
try {
  demo = await startDemo({
    port,
    keep: values.keep,
    profile,
    servers,
    onBotProblem: (line) => console.log(line),
  });
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  const inUse = message.includes("EADDRINUSE");
  console.error(
    inUse
      ? `Port ${port} is in use: choose another with --port N (or DEMO_PORT=N), or --port 0 for any free port.`
      : `The demo could not start: ${message}`,
  );
  process.exit(1);
}
const running = demo;
console.log(`
imagine-bot demo is running (started in ${((Date.now() - startedAt) / 1000).toFixed(1)} s).

  Open the page:     ${running.pageUrl}
  Control API:       ${running.controlUrl}   (routes: tools/discord-emulator/README.md)${servers > 1 ? `\n  Image servers:     ${running.pageUrl}_pool/servers   (${servers}; POST .../<n>/health, /notice, /stop, /start)` : ""}
  Bot database:      ${running.dataDir}${values.keep ? " (kept at exit)" : " (deleted at exit; --keep keeps it)"}
  Bot log:           ${running.logFile}   (its warnings and errors are also printed below and in the page's Bot log drawer)

Try /imagine in #general, a DM to the bot, or a prompt with the word "forbidden". Ctrl-C stops everything.`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the bot, the emulator and the image service...`);
  void running.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`Stopping failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
};
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));

/**
 * One HTTP proxy in front of Discord's REST API for a fleet of bot processes, built on discord.js's own
 * `@discordjs/proxy`: every process sends its REST calls here (`DISCORD_API_URL`), so one set of rate-limit
 * buckets, learnt from Discord's headers, decides for the whole fleet instead of each process learning them
 * alone.
 *
 * As discord.js's own proxy container does, a call that would have to wait for a bucket is answered at once
 * with a 429 and `Retry-After` (the bot's REST client waits and sends it again) rather than held: a held call
 * would outlast the bot's request timeout and be sent twice. Discord sees no 429 it has to count against the
 * bot's invalid-request limit.
 * @see https://discord.com/developers/docs/topics/rate-limits
 * @see https://github.com/discordjs/discord.js/tree/main/packages/proxy-container
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { proxyRequests } from "@discordjs/proxy";
import { REST } from "@discordjs/rest";
import type { Logger } from "../logger.js";
import { errorMessage } from "../errors.js";

/** Options of {@link startDiscordProxy}. */
export interface DiscordProxyOptions {
  /** Discord's REST base including `/api` (the emulator's in tests). */
  api: string;
  port: number;
  host: string;
  logger: Logger;
  /** The bot token's global limit per second (default 50, Discord's); a test sets a smaller one. */
  globalRequestsPerSecond?: number;
}

/** What the proxy answered so far. */
export interface DiscordProxyCounts {
  /** Every call received: those sent on to Discord, and {@link rateLimitedHere}. */
  calls: number;
  /** Calls answered with a 429, to be retried by the bot: {@link rateLimitedHere} and Discord's own. */
  rateLimited: number;
  /** Of those, the calls the proxy held back itself (their bucket was empty): Discord never saw them. */
  rateLimitedHere: number;
}

/** A running proxy. */
export interface DiscordProxy {
  /** The base URL to give the bots as `DISCORD_API_URL`, e.g. `http://127.0.0.1:8080/api`. */
  apiUrl: string;
  server: Server;
  counts(): DiscordProxyCounts;
  close(): Promise<void>;
}

/**
 * Two REST clients, so that only calls made with the bot token share the bot's global limit of 50 a second:
 * the interaction-token routes (`/webhooks/{app}/{token}`, `/interactions/…/callback`, sent without an
 * Authorization header) are not bound to it, and would otherwise queue behind it for the whole fleet.
 * `retries: 0`: the bot's own REST client retries a 5xx, once.
 * @see https://discord.com/developers/docs/topics/rate-limits#global-rate-limit
 */
function upstreamClients(api: string, globalRequestsPerSecond = 50): { bot: REST; token: REST } {
  const common = { api, retries: 0, rejectOnRateLimit: () => true } as const;
  return {
    bot: new REST({ ...common, globalRequestsPerSecond }),
    token: new REST({ ...common, globalRequestsPerSecond: Number.POSITIVE_INFINITY }),
  };
}

/** Starts the proxy; resolves once it listens. */
export async function startDiscordProxy(options: DiscordProxyOptions): Promise<DiscordProxy> {
  const log = options.logger;
  const clients = upstreamClients(options.api, options.globalRequestsPerSecond);
  const forward = { bot: proxyRequests(clients.bot), token: proxyRequests(clients.token) };
  const counts: DiscordProxyCounts = { calls: 0, rateLimited: 0, rateLimitedHere: 0 };
  // Emitted only when a bucket is known to be empty before the call is sent, not for Discord's 429s.
  for (const rest of [clients.bot, clients.token]) rest.on("rateLimited", () => counts.rateLimitedHere++);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // proxyRequests ends the response also when Discord could not be reached: without this it would be an
    // empty 200, which the bot would take for success. Its own outcomes set their status.
    res.statusCode = 502;
    counts.calls++;
    try {
      await (req.headers.authorization ? forward.bot : forward.token)(req, res);
      if (res.statusCode === 429) counts.rateLimited++;
    } catch (err) {
      // Discord unreachable (answered 502), or the caller gone before the answer was written.
      log.warn({ method: req.method, err: errorMessage(err) }, "a call through the Discord proxy failed");
    }
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host === "0.0.0.0" || options.host === "::" ? "127.0.0.1" : options.host;
  return {
    apiUrl: `http://${host}:${port}/api`,
    server,
    counts: () => ({ ...counts }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * One HTTP proxy in front of Discord's REST API for a fleet of bot processes, built on discord.js's own
 * `@discordjs/proxy`: every process sends its bot-token calls here (`DISCORD_PROXY_URL`), so one set of
 * rate-limit buckets, learnt from Discord's headers, decides for the whole fleet instead of each process
 * learning them alone.
 *
 * As discord.js's own proxy container does, a call that would have to wait for a route's bucket is answered at
 * once with a 429 and `Retry-After` (the bot's REST client waits and sends it again) rather than held: such a
 * wait can last seconds and outlast the bot's request timeout. The bot token's global limit (50 calls a
 * second) is kept as a sliding window instead, and a call beyond it is held until it fits (a fraction of a
 * second in a burst; once {@link MAX_HOLD_SECONDS} seconds' worth of calls are held, the next is answered 429
 * at once). Discord sees no 429 it has to count against the bot's invalid-request limit.
 * @see https://discord.com/developers/docs/topics/rate-limits
 * @see https://github.com/discordjs/discord.js/tree/main/packages/proxy-container
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { proxyRequests } from "@discordjs/proxy";
import { DefaultRestOptions, RateLimitError, REST, type RESTOptions } from "@discordjs/rest";
import { GateFullError, GlobalLimitGate } from "./global-limit-gate.js";
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
  /** Calls held for the bot token's global limit until they fitted, then sent. */
  heldForGlobalLimit: number;
  /** The longest of those holds, ms. */
  longestGlobalHoldMs: number;
}

/** A running proxy. */
export interface DiscordProxy {
  /** The base URL to give the bots as `DISCORD_PROXY_URL`, e.g. `http://127.0.0.1:8080/api`. */
  apiUrl: string;
  server: Server;
  counts(): DiscordProxyCounts;
  close(): Promise<void>;
}

/** Held calls beyond this many seconds' worth of the global limit are answered 429 at once. */
const MAX_HOLD_SECONDS = 5;

/**
 * Per call being forwarded (its request, which @discordjs/proxy passes on as the body of every call but a
 * GET or HEAD), a signal that aborts when its caller has gone: a held call then leaves the queue at once,
 * unsent, instead of taking a place when its turn comes (its broken-off body would fail it then). A read
 * sent after its caller left does no harm.
 */
const callerGone = new WeakMap<object, AbortSignal>();

/**
 * The bot token's global limit as a sliding window ({@link GlobalLimitGate}), kept around every call the
 * bot client actually sends to Discord (its `makeRequest`): a call the proxy answers itself takes no place.
 * A held call is sent once it fits, unless its caller has gone or the proxy's own time-out ran out.
 */
function gatedRequest(gate: GlobalLimitGate): RESTOptions["makeRequest"] {
  return async (url, init) => {
    const gone = init.body && typeof init.body === "object" ? callerGone.get(init.body) : undefined;
    const signals = [init.signal, gone].filter((s): s is AbortSignal => s != null);
    let answered: () => void;
    try {
      answered = await gate.acquire(AbortSignal.any(signals));
    } catch (err) {
      if (!(err instanceof GateFullError)) throw err;
      // Answered 429 with Retry-After by @discordjs/proxy; the caller waits it out and sends it again.
      throw new RateLimitError({
        timeToReset: err.retryAfterMs,
        retryAfter: err.retryAfterMs,
        limit: gate.limit,
        method: init.method ?? "GET",
        hash: "global",
        url,
        route: "global",
        majorParameter: "global",
        global: true,
        sublimitTimeout: 0,
        scope: "user",
      });
    }
    try {
      return await DefaultRestOptions.makeRequest(url, init);
    } finally {
      answered();
    }
  };
}

/**
 * Two REST clients, so that only calls made with the bot token share the bot's global limit of 50 a second:
 * the interaction-token routes (`/webhooks/{app}/{token}`, `/interactions/…/callback`, sent without an
 * Authorization header) are not bound to it, and would otherwise queue behind it for the whole fleet.
 * The bot client's own global limiter (a fixed window) is off: the gate keeps the limit instead. It still
 * honours a global 429 from Discord (the `X-RateLimit-Global` header), for every call until it is over.
 * `retries: 0`: the bot's own REST client retries a 5xx, once.
 * @see https://discord.com/developers/docs/topics/rate-limits#global-rate-limit
 */
function upstreamClients(api: string, gate: GlobalLimitGate): { bot: REST; token: REST } {
  const common = {
    api,
    retries: 0,
    rejectOnRateLimit: () => true,
    globalRequestsPerSecond: Number.POSITIVE_INFINITY,
  } as const;
  return { bot: new REST({ ...common, makeRequest: gatedRequest(gate) }), token: new REST(common) };
}

/** Starts the proxy; resolves once it listens. */
export async function startDiscordProxy(options: DiscordProxyOptions): Promise<DiscordProxy> {
  const log = options.logger;
  const limit = options.globalRequestsPerSecond ?? 50;
  const gate = new GlobalLimitGate({
    limit,
    windowMs: 1000,
    maxQueued: limit * MAX_HOLD_SECONDS,
    now: () => performance.now(),
    setTimer: (wake, ms) => {
      const timer = setTimeout(wake, ms);
      return () => clearTimeout(timer);
    },
  });
  const clients = upstreamClients(options.api, gate);
  const forward = { bot: proxyRequests(clients.bot), token: proxyRequests(clients.token) };
  const counts = { calls: 0, rateLimited: 0, rateLimitedHere: 0 };
  // Emitted only when a bucket is known to be empty before the call is sent, not for Discord's 429s.
  for (const rest of [clients.bot, clients.token]) rest.on("rateLimited", () => counts.rateLimitedHere++);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // proxyRequests ends the response also when Discord could not be reached: without this it would be an
    // empty 200, which the bot would take for success. Its own outcomes set their status.
    res.statusCode = 502;
    counts.calls++;
    const gone = new AbortController();
    res.once("close", () => {
      if (!res.writableFinished) gone.abort(new Error("the caller closed the connection"));
    });
    callerGone.set(req, gone.signal);
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
    counts: () => {
      const held = gate.counts();
      return {
        ...counts,
        rateLimitedHere: counts.rateLimitedHere + held.refused,
        heldForGlobalLimit: held.held,
        longestGlobalHoldMs: Math.round(held.longestHoldMs),
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        gate.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

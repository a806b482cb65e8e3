import {
  Client,
  DefaultRestOptions,
  GatewayIntentBits,
  Partials,
  REST,
  type ClientOptions,
  type RESTOptions,
} from "discord.js";

export interface CreateClientOptions {
  /** REST base including `/api`; the gateway address is then taken from `GET /gateway/bot` on it. */
  apiUrl: string;
  /**
   * A fleet's Discord proxy (REST base including `/api`): the calls made with the bot token go through it,
   * the others (interaction responses and the interaction's webhook) straight to `apiUrl`.
   */
  proxyUrl?: string | undefined;
}

/**
 * With a proxy, the REST options that send bot-token calls through it and every call without the bot token
 * straight to Discord. Those (an interaction's response, its edits and follow-ups, `auth: false` in
 * discord.js) are not bound to the bot's global limit, only to buckets of their own interaction, which only
 * the process that holds the interaction uses: the proxy has nothing to share for them, and its extra hop
 * would delay every acknowledgement, which Discord wants within 3 s.
 * @see https://discord.com/developers/docs/topics/rate-limits#global-rate-limit
 */
export function proxiedRestOptions(options: CreateClientOptions): Partial<RESTOptions> {
  const { apiUrl, proxyUrl } = options;
  if (!proxyUrl) return { api: apiUrl };
  return {
    api: proxyUrl,
    makeRequest: (url, init) => {
      const headers = new Headers(init.headers as ConstructorParameters<typeof Headers>[0]);
      const direct = !headers.has("authorization") && url.startsWith(proxyUrl);
      return DefaultRestOptions.makeRequest(direct ? apiUrl + url.slice(proxyUrl.length) : url, init);
    },
  };
}

/** Which gateway shards the client runs (DISCORD_SHARD_COUNT, DISCORD_SHARDS); default auto. */
export interface ShardOptions {
  /** Shards of the whole bot; `auto` asks Discord (`GET /gateway/bot`). */
  shardCount?: number | "auto";
  /** The shard ids this process runs; `auto`: all of them. */
  shards?: number[] | "auto";
}

/**
 * discord.js's own `shards`/`shardCount` client options for the configured shards.
 * @see https://discord.com/developers/docs/events/gateway#sharding
 */
export function shardClientOptions(options: ShardOptions): Pick<ClientOptions, "shards" | "shardCount"> {
  const { shardCount = "auto", shards = "auto" } = options;
  if (shardCount === "auto") return { shards: "auto" };
  // A count alone runs every shard of it in this process.
  return shards === "auto" ? { shardCount } : { shards, shardCount };
}

/**
 * The discord.js client with the fewest intents the bot needs: Guilds (slash commands, channels) and
 * DirectMessages (+ Partials.Channel, since DM channels are not cached before their first message).
 * Message content of DMs arrives without the privileged MessageContent intent.
 * @see https://discord.com/developers/docs/topics/gateway#gateway-intents
 */
export function createDiscordClient(options: CreateClientOptions & ShardOptions): Client {
  return new Client({
    ...shardClientOptions(options),
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.DirectMessages],
    partials: [Partials.Channel],
    rest: proxiedRestOptions(options),
    // The bot mentions requesters explicitly per message; nothing else may ping.
    allowedMentions: { parse: [] },
  });
}

/**
 * A REST client for the interaction-token routes (`/webhooks/{app}/{token}/…`) alone. Discord does not
 * count them against the bot's global rate limit, but discord.js applies its own client-side limit of 50
 * requests per second to every request of one REST instance: on `client.rest`, every job's edits would
 * queue behind it once more than 50 a second are due (about 150 jobs at the default progress interval).
 * Per-token buckets still apply, from Discord's headers.
 * @see https://discord.com/developers/docs/topics/rate-limits#global-rate-limit
 */
export function createInteractionRest(options: CreateClientOptions): REST {
  return new REST({ api: options.apiUrl, globalRequestsPerSecond: Number.POSITIVE_INFINITY });
}

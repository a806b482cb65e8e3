import { Client, GatewayIntentBits, Partials, REST, type ClientOptions } from "discord.js";

export interface CreateClientOptions {
  /** REST base including `/api`; the gateway address is then taken from `GET /gateway/bot` on it. */
  apiUrl: string;
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
    rest: { api: options.apiUrl },
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

import {
  Client,
  GatewayIntentBits,
  Options,
  Partials,
  REST,
  type ClientOptions,
  type RESTOptions,
} from "discord.js";
import { Agent } from "undici";
import { sendDocumented } from "./documented-fields.js";
import { watchInteractionChannels } from "./interaction-channel.js";

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
  if (!proxyUrl) return { api: apiUrl, makeRequest: sendDocumented };
  return {
    api: proxyUrl,
    makeRequest: (url, init) => {
      const headers = new Headers(init.headers as ConstructorParameters<typeof Headers>[0]);
      const direct = !headers.has("authorization") && url.startsWith(proxyUrl);
      return sendDocumented(direct ? apiUrl + url.slice(proxyUrl.length) : url, init);
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
 * Connections each REST client may keep open to Discord's API. Without a cap, undici's pool opens a connection
 * for every request made while the others are busy and keeps its client object for good (undici 6 removes
 * one only after a connection error): a moment of backlog (a stalled host, a burst of results) left hundreds
 * held for the rest of the process's life. Requests past the cap wait in the pool for a free connection; 32
 * carry far more than Discord's 50 requests a second for the bot token.
 */
export const DISCORD_CONNECTIONS = 32;

/** An undici agent of its own for one REST client, with at most {@link DISCORD_CONNECTIONS} connections. */
function discordAgent(): Agent {
  return new Agent({ connections: DISCORD_CONNECTIONS });
}

/** Whether `entity` is the bot itself (its user, its member in a server): the one of each kept. */
const isSelf = (entity: { id: string; client: Client }) => entity.id === entity.client.user?.id;

/**
 * What discord.js keeps of what Discord sends, chosen from what the bot reads (bench/README.md →
 * Memory under sustained load). Everything the bot needs comes with each interaction; discord.js builds
 * the objects either way, and a limit of 0 only stops it keeping them afterwards.
 */
export const CACHE_LIMITS = {
  // Kept (not listed, unlimited): servers, channels (a command's channel and a thread's parent, for the
  // age restriction and allowed channels: `submission-place.ts`), roles (a member's role ids resolve
  // through them: `memberRoleIds`) and permission overwrites; each bounded by the servers the bot is in.
  // The messages the bot posts or edits go through REST and are never read back; a clicked message comes
  // with its click (`interaction.message`). discord.js's default kept 200 per channel.
  MessageManager: 0,
  // The requester comes with each interaction (`interaction.user`, `interaction.member` with its roles and
  // permissions); kept, they would add up to everyone who ever used the bot. The bot's own are kept.
  UserManager: { maxSize: 0, keepOverLimit: isSelf },
  GuildMemberManager: { maxSize: 0, keepOverLimit: isSelf },
  ThreadMemberManager: 0,
  // Never read: reactions, emojis, stickers, invites, bans, events, stage instances, presences and voice
  // states (the last ones need intents the bot does not ask for), the application's commands (deployed
  // by `npm run deploy`, read back by nobody), AutoMod rules, entitlements.
  ReactionManager: 0,
  ReactionUserManager: 0,
  BaseGuildEmojiManager: 0,
  GuildEmojiManager: 0,
  ApplicationEmojiManager: 0,
  GuildStickerManager: 0,
  GuildInviteManager: 0,
  GuildBanManager: 0,
  GuildScheduledEventManager: 0,
  StageInstanceManager: 0,
  PresenceManager: 0,
  VoiceStateManager: 0,
  ApplicationCommandManager: 0,
  AutoModerationRuleManager: 0,
  EntitlementManager: 0,
} satisfies Parameters<typeof Options.cacheWithLimits>[0];

/**
 * The discord.js client with the fewest intents the bot needs: Guilds (slash commands, channels) and
 * DirectMessages (+ Partials.Channel, since DM channels are not cached before their first message).
 * Message content of DMs arrives without the privileged MessageContent intent. Caches: {@link CACHE_LIMITS};
 * discord.js's default sweeper of archived threads stays. Each interaction's channel is kept as Discord sent
 * it (`interaction-channel.ts`), for servers the bot is not in.
 * @see https://discord.com/developers/docs/topics/gateway#gateway-intents
 * @see https://discordjs.guide/miscellaneous/cache-customization.html
 */
export function createDiscordClient(options: CreateClientOptions & ShardOptions): Client {
  const client = new Client({
    ...shardClientOptions(options),
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.DirectMessages],
    partials: [Partials.Channel],
    makeCache: Options.cacheWithLimits(CACHE_LIMITS),
    sweepers: Options.DefaultSweeperSettings,
    rest: {
      ...proxiedRestOptions(options),
      agent: discordAgent(),
      handlerSweepInterval: IDLE_HANDLER_SWEEP_MS,
    },
    // The bot mentions requesters explicitly per message; nothing else may ping.
    allowedMentions: { parse: [] },
  });
  watchInteractionChannels(client);
  return client;
}

/**
 * How often both REST clients drop their idle rate-limit handlers, ms. @discordjs/rest keeps one handler (a
 * `SequentialHandler` and its queue) per route and major parameter, and for `/webhooks/{app}/{token}/…` the
 * major parameter is the token: on the interaction client one per job, on the bot's client one per click
 * (discord.js answers a component through `client.rest`), while a token lives 15 minutes and is used a few
 * minutes at most. The default sweep (every hour) kept one to two hours of dead tokens (in the soak: 671
 * handlers on the bot's client after 655 clicks). A handler is swept only while idle (nothing queued, not
 * waiting for a limit), and what it knew of its bucket comes back with the next answer's rate-limit headers
 * (the route's bucket hash is kept apart), so sweeping the idle handler of a live token or a channel costs
 * one new handler, never a 429.
 */
export const IDLE_HANDLER_SWEEP_MS = 60_000;

/**
 * A REST client for the interaction-token routes (`/webhooks/{app}/{token}/…`) alone. Discord does not
 * count them against the bot's global rate limit, but discord.js applies its own client-side limit of 50
 * requests per second to every request of one REST instance: on `client.rest`, every job's edits would
 * queue behind it once more than 50 a second are due (about 150 jobs at the default progress interval).
 * Per-token buckets still apply, from Discord's headers. Idle handlers: {@link IDLE_HANDLER_SWEEP_MS}.
 * @see https://discord.com/developers/docs/topics/rate-limits#global-rate-limit
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object (tokens valid for 15 minutes)
 */
export function createInteractionRest(options: CreateClientOptions): REST {
  return new REST({
    api: options.apiUrl,
    makeRequest: sendDocumented,
    agent: discordAgent(),
    globalRequestsPerSecond: Number.POSITIVE_INFINITY,
    handlerSweepInterval: IDLE_HANDLER_SWEEP_MS,
  });
}

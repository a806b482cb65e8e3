import { Client, GatewayIntentBits, Partials, REST } from "discord.js";

export interface CreateClientOptions {
  /** REST base including `/api`; the gateway address is then taken from `GET /gateway/bot` on it. */
  apiUrl: string;
}

/**
 * The discord.js client with the fewest intents the bot needs: Guilds (slash commands, channels) and
 * DirectMessages (+ Partials.Channel, since DM channels are not cached before their first message).
 * Message content of DMs arrives without the privileged MessageContent intent.
 * @see https://discord.com/developers/docs/topics/gateway#gateway-intents
 */
export function createDiscordClient(options: CreateClientOptions): Client {
  return new Client({
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

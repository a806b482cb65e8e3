import { Client, GatewayIntentBits, Partials } from "discord.js";

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

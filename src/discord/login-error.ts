/**
 * The failures that stop the bot for good because Discord will not let it in: the login refused or
 * unreachable at start, or the gateway refusing the connection later (a reset token, intents or shards
 * Discord will not accept). Each message says what to check; none contains the token.
 * @see https://discord.com/developers/docs/topics/opcodes-and-status-codes#gateway-gateway-close-event-codes
 */
import { GatewayCloseCodes } from "discord.js";
import { errorMessage } from "../errors.js";

/** Discord refused the bot (token, intents, shards) or could not be reached: nothing works until the owner acts. */
export class LoginError extends Error {
  override name = "LoginError";
}

/** Why the login failed, for the owner: Discord unreachable (network, DISCORD_API_URL) or the token refused. */
export function loginFailure(err: unknown, apiUrl: string): LoginError {
  const message = errorMessage(err).replace(/\.+$/, "");
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === "string" && /^(ECONN|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|UND_ERR)/.test(code)) {
    return new LoginError(
      `Could not reach Discord at ${apiUrl} (${message}). Check the network connection and DISCORD_API_URL.`,
      { cause: err },
    );
  }
  return new LoginError(
    `Discord did not accept the login (${message}). Check DISCORD_TOKEN (and DISCORD_API_URL).`,
    { cause: err },
  );
}

/** What the owner should do for each gateway close code after which discord.js does not reconnect. */
const FATAL_CLOSE_CODES: ReadonlyMap<number, string> = new Map([
  [
    GatewayCloseCodes.AuthenticationFailed,
    "authentication failed: the bot token was reset or is wrong. Put the current token from the Developer Portal in DISCORD_TOKEN and restart",
  ],
  [
    GatewayCloseCodes.InvalidShard,
    "invalid shard. This is a bug in imagine-bot or discord.js: please report it",
  ],
  [
    GatewayCloseCodes.ShardingRequired,
    "sharding required: the bot is in too many servers for one connection, which imagine-bot does not support yet",
  ],
  [GatewayCloseCodes.InvalidAPIVersion, "invalid API version: update imagine-bot (and discord.js)"],
  [
    GatewayCloseCodes.InvalidIntents,
    "invalid intents. This is a bug in imagine-bot or discord.js: please report it",
  ],
  [
    GatewayCloseCodes.DisallowedIntents,
    "disallowed intents: enable the intents the bot asks for under Bot > Privileged Gateway Intents in the Developer Portal, or check that the application is allowed to use them",
  ],
]);

/**
 * The error for a gateway close after which the bot cannot go on, or null for a close discord.js recovers
 * from by resuming or reconnecting.
 */
export function gatewayRefusal(closeCode: number): LoginError | null {
  const advice = FATAL_CLOSE_CODES.get(closeCode);
  if (advice === undefined) return null;
  const name = GatewayCloseCodes[closeCode] ?? "refused";
  return new LoginError(`Discord closed the gateway connection with ${closeCode} ${name}: ${advice}.`);
}

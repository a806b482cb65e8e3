/**
 * Interactions the emulator has sent: their tokens, the 3-second first-response deadline, the 15-minute
 * token lifetime, and which messages answer them.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#responding-to-an-interaction
 */
import { randomBytes } from "node:crypto";
import type {
  APIApplicationCommandOption,
  APIApplicationCommandOptionChoice,
  APIInteraction,
  InteractionResponseType,
  InteractionType,
} from "discord-api-types/v10";

/** One interaction and what the bot did with it. */
export interface InteractionRecord {
  id: string;
  token: string;
  type: InteractionType;
  channelId: string;
  guildId: string | null;
  userId: string;
  /** Emulator-clock ms when it was sent. */
  createdAt: number;
  commandName: string | null;
  /** For component interactions: the message the component is on. */
  sourceMessageId: string | null;
  /** The INTERACTION_CREATE data as dispatched. */
  payload: APIInteraction;
  /** The first response (callback); null until acknowledged. */
  ack: { type: InteractionResponseType; at: number; ephemeral: boolean } | null;
  /** The message `@original` refers to (the reply, the deferred message, or for updates the source message). */
  originalMessageId: string | null;
  followUpIds: string[];
  /** A modal the bot opened (type 9 response). */
  modal: unknown;
  /** Whether the user submitted that modal (each opened modal is submitted at most once). */
  modalSubmitted: boolean;
  /** For an autocomplete: the option it asks about, and the choices the bot answered (type 8). */
  autocomplete?: { option: APIApplicationCommandOption; choices: APIApplicationCommandOptionChoice[] | null };
  authorizingIntegrationOwners: Record<string, string>;
  /**
   * Only the user's install reaches the place (a server without the bot, a group DM): at most
   * {@link USER_INSTALL_FOLLOW_UP_LIMIT} follow-ups.
   */
  userInstallOnly: boolean;
  /** The server takes Use External Apps from the member: every answer is made ephemeral. */
  forcedEphemeral: boolean;
}

/**
 * "Apps are limited to 5 followup messages per interaction if it was initiated from a user-installed app
 * and isn't installed in the server."
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#followup-messages
 */
export const USER_INSTALL_FOLLOW_UP_LIMIT = 5;

/** Stores interactions by id and token. */
export class InteractionRegistry {
  readonly #byId = new Map<string, InteractionRecord>();
  readonly #byToken = new Map<string, InteractionRecord>();

  /** A token shaped like Discord's (base64url, no slashes). */
  static newToken(id: string): string {
    return Buffer.from(`interaction:${id}:${randomBytes(48).toString("base64url")}`).toString("base64url");
  }

  /** Stores a new interaction. */
  add(record: InteractionRecord): InteractionRecord {
    this.#byId.set(record.id, record);
    this.#byToken.set(record.token, record);
    return record;
  }

  /** By id. */
  byId(id: string): InteractionRecord | undefined {
    return this.#byId.get(id);
  }

  /** By token. */
  byToken(token: string): InteractionRecord | undefined {
    return this.#byToken.get(token);
  }

  /** Every interaction, oldest first. */
  all(): InteractionRecord[] {
    return [...this.#byId.values()];
  }
}

/**
 * Discord's JSON error responses: `{ message, code, errors? }` with the HTTP status Discord uses, and the
 * nested `errors` tree of 400 Invalid Form Body that names each bad field.
 * @see https://discord.com/developers/docs/topics/opcodes-and-status-codes#json
 */
import { RESTJSONErrorCodes } from "discord-api-types/v10";

/** One leaf of the errors tree, e.g. `{ code: "BASE_TYPE_MAX_LENGTH", message: "Must be 2000 or fewer in length." }`. */
export interface FieldError {
  code: string;
  message: string;
}

/** The nested errors object: keys are field names or array indexes, leaves hold `_errors`. */
export interface FormErrorTree {
  [key: string]: FormErrorTree | FieldError[];
}

/** A rejection the emulator answers with Discord's status, code and message. */
export class DiscordApiError extends Error {
  constructor(
    /** HTTP status, e.g. 400, 403, 404. */
    readonly status: number,
    /** Discord's JSON error code (0 for generic HTTP errors). */
    readonly code: number,
    message: string,
    /** Field errors for 50035 Invalid Form Body. */
    readonly errors?: FormErrorTree,
  ) {
    super(message);
    this.name = "DiscordApiError";
  }

  /** The response body exactly as Discord shapes it. */
  toJSON(): { message: string; code: number; errors?: FormErrorTree } {
    return this.errors
      ? { message: this.message, code: this.code, errors: this.errors }
      : { message: this.message, code: this.code };
  }
}

/** Collects field errors at paths like `["embeds", 0, "fields"]` and builds Discord's errors tree. */
export class FormErrors {
  readonly #root: FormErrorTree = {};
  #count = 0;

  /** Records an error at `path`. */
  add(path: readonly (string | number)[], code: string, message: string): void {
    let node = this.#root;
    for (const key of path) {
      const next = node[String(key)];
      if (next === undefined || Array.isArray(next)) {
        const child: FormErrorTree = {};
        node[String(key)] = child;
        node = child;
      } else {
        node = next;
      }
    }
    const leaf = node._errors;
    if (Array.isArray(leaf)) leaf.push({ code, message });
    else node._errors = [{ code, message }];
    this.#count++;
  }

  /** Shortcut for a string or array longer than Discord allows. */
  maxLength(path: readonly (string | number)[], max: number): void {
    this.add(path, "BASE_TYPE_MAX_LENGTH", `Must be ${max} or fewer in length.`);
  }

  /** Shortcut for a length outside `min..max`. */
  badLength(path: readonly (string | number)[], min: number, max: number): void {
    this.add(path, "BASE_TYPE_BAD_LENGTH", `Must be between ${min} and ${max} in length.`);
  }

  /** Shortcut for a missing required field. */
  required(path: readonly (string | number)[]): void {
    this.add(path, "BASE_TYPE_REQUIRED", "This field is required");
  }

  /** Whether nothing was recorded. */
  get isEmpty(): boolean {
    return this.#count === 0;
  }

  /** Throws 400 50035 Invalid Form Body if anything was recorded. */
  throwIfAny(): void {
    if (!this.isEmpty) throw invalidFormBody(this.#root);
  }
}

/** 400 50035 Invalid Form Body with the given tree. */
export function invalidFormBody(errors: FormErrorTree): DiscordApiError {
  return new DiscordApiError(
    400,
    RESTJSONErrorCodes.InvalidFormBodyOrContentType,
    "Invalid Form Body",
    errors,
  );
}

/**
 * Runs `check`; the `errors` tree of a 50035 it throws moves under `key`: an interaction callback's message
 * is its `data`, so Discord names `data.content`, not `content`.
 */
export function errorsUnder<T>(key: string, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof DiscordApiError && error.errors) throw invalidFormBody({ [key]: error.errors });
    throw error;
  }
}

/** Builds the rejections the emulator uses, with Discord's exact codes and messages. */
export const apiErrors = {
  unauthorized: () => new DiscordApiError(401, RESTJSONErrorCodes.GeneralError, "401: Unauthorized"),
  notFound: () => new DiscordApiError(404, RESTJSONErrorCodes.GeneralError, "404: Not Found"),
  methodNotAllowed: () =>
    new DiscordApiError(405, RESTJSONErrorCodes.GeneralError, "405: Method Not Allowed"),
  invalidJson: () =>
    new DiscordApiError(
      400,
      RESTJSONErrorCodes.RequestBodyContainsInvalidJSON,
      "The request body contains invalid JSON.",
    ),
  tooLarge: () =>
    new DiscordApiError(413, RESTJSONErrorCodes.RequestEntityTooLarge, "Request entity too large"),
  unknownApplication: () =>
    new DiscordApiError(404, RESTJSONErrorCodes.UnknownApplication, "Unknown Application"),
  unknownChannel: () => new DiscordApiError(404, RESTJSONErrorCodes.UnknownChannel, "Unknown Channel"),
  unknownGuild: () => new DiscordApiError(404, RESTJSONErrorCodes.UnknownGuild, "Unknown Guild"),
  unknownMember: () => new DiscordApiError(404, RESTJSONErrorCodes.UnknownMember, "Unknown Member"),
  unknownMessage: () => new DiscordApiError(404, RESTJSONErrorCodes.UnknownMessage, "Unknown Message"),
  unknownUser: () => new DiscordApiError(404, RESTJSONErrorCodes.UnknownUser, "Unknown User"),
  unknownWebhook: () => new DiscordApiError(404, RESTJSONErrorCodes.UnknownWebhook, "Unknown Webhook"),
  unknownInteraction: () =>
    new DiscordApiError(404, RESTJSONErrorCodes.UnknownInteraction, "Unknown interaction"),
  unknownCommand: () =>
    new DiscordApiError(404, RESTJSONErrorCodes.UnknownApplicationCommand, "Unknown application command"),
  alreadyAcknowledged: () =>
    new DiscordApiError(
      400,
      RESTJSONErrorCodes.InteractionHasAlreadyBeenAcknowledged,
      "Interaction has already been acknowledged.",
    ),
  /**
   * A follow-up past the limit of an app the server did not install. Discord documents the limit, not its
   * error code; the emulator answers with the "maximum number reached" family's general form.
   */
  tooManyFollowUps: (limit: number) =>
    new DiscordApiError(
      400,
      RESTJSONErrorCodes.MaximumNumberOfWebhooksReached,
      `Maximum number of follow-up messages reached (${limit}) for an app not installed in this server`,
    ),
  missingAccess: () => new DiscordApiError(403, RESTJSONErrorCodes.MissingAccess, "Missing Access"),
  missingPermissions: () =>
    new DiscordApiError(403, RESTJSONErrorCodes.MissingPermissions, "Missing Permissions"),
  cannotEditOthersMessage: () =>
    new DiscordApiError(
      403,
      RESTJSONErrorCodes.CannotEditMessageAuthoredByAnotherUser,
      "Cannot edit a message authored by another user",
    ),
  emptyMessage: () =>
    new DiscordApiError(400, RESTJSONErrorCodes.CannotSendAnEmptyMessage, "Cannot send an empty message"),
  cannotMessageUser: () =>
    new DiscordApiError(
      403,
      RESTJSONErrorCodes.CannotSendMessagesToThisUser,
      "Cannot send messages to this user",
    ),
  noMutualGuilds: () =>
    new DiscordApiError(
      403,
      RESTJSONErrorCodes.CannotSendMessagesToThisUserDueToHavingNoMutualGuilds,
      "Cannot send messages to this user due to having no mutual guilds",
    ),
  invalidWebhookToken: () =>
    new DiscordApiError(401, RESTJSONErrorCodes.InvalidWebhookToken, "Invalid Webhook Token"),
} as const;

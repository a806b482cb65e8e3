/**
 * Turns a {@link ServiceError} from creating an image into a message for the user. Only the service's
 * own message for a refused prompt is shown, with links and tokens removed; the error's `message` and
 * `request` (which name internal paths) never are.
 */
import type { ServiceError, ServiceErrorKind } from "../service/errors.js";
import { truncate } from "./limits.js";
import { escapeMarkdown } from "./markdown.js";

/** A service failure explained for the user. */
export interface ServiceErrorDescription {
  /** Short title, e.g. `The image service is busy`. */
  readonly title: string;
  /** What happened and what to do, Discord markdown. */
  readonly message: string;
  /** Whether the user can simply try again later. */
  readonly retryable: boolean;
}

/** Told (privately) to whoever clicks a button of an image the service no longer knows. */
export const IMAGE_NO_LONGER_AVAILABLE =
  "This image is no longer available from the image service (it may be old or deleted), so this button no longer works. Run `/imagine` to make a new one.";

/** The longest service message shown. */
const MAX_SERVICE_MESSAGE = 500;

/** Removes links and bearer tokens from text that came from the service. */
export function redactServiceText(text: string): string {
  return (
    text
      .replace(/\bbearer\s+\S+/gi, "Bearer [hidden]")
      // A link ends before trailing punctuation, which belongs to the sentence.
      .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S*[^\s,.;:!?)\]'"”]/gi, "[link]")
      .replace(/\s+/g, " ")
      .trim()
  );
}

function unavailable(): ServiceErrorDescription {
  return {
    title: "The image service is unavailable",
    message: "The image service is not answering properly right now. Try again in a few minutes.",
    retryable: true,
  };
}

const DESCRIPTIONS: Record<ServiceErrorKind, (error: ServiceError) => ServiceErrorDescription> = {
  unauthorized: () => ({
    title: "The bot is misconfigured",
    message:
      "The image service did not accept the bot's credentials. An admin has been told; please try again later.",
    retryable: false,
  }),
  forbidden: () => ({
    title: "The bot is misconfigured",
    message: "The image service refused the bot's request. An admin has been told; please try again later.",
    retryable: false,
  }),
  quota: () => ({
    title: "The image quota is used up",
    message:
      "This bot has used up its image quota, so no new images can be made for now. An admin can add more.",
    retryable: false,
  }),
  "rate-limited": (error) => {
    const ms = error.retryAfterMs;
    const when =
      ms !== undefined && Number.isFinite(ms) && ms > 0 ? `in ${Math.ceil(ms / 1000)} s` : "in a minute";
    return {
      title: "The image service is busy",
      message: `Too many images are being requested right now. Try again ${when}.`,
      retryable: true,
    };
  },
  validation: (error) => {
    const said = redactServiceText(error.serviceMessage ?? "");
    const quoted = said === "" ? "" : `: “${escapeMarkdown(truncate(said, MAX_SERVICE_MESSAGE))}”`;
    return {
      title: "The prompt was refused",
      message: `The image service refused this prompt${quoted}. Change the prompt and try again.`,
      retryable: false,
    };
  },
  server: unavailable,
  "not-json": unavailable,
  "invalid-response": unavailable,
  network: unavailable,
  timeout: unavailable,
};

/** Explains why creating an image failed, for each {@link ServiceErrorKind}. */
export function describeServiceError(error: ServiceError): ServiceErrorDescription {
  return (DESCRIPTIONS[error.kind] ?? unavailable)(error);
}

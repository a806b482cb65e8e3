/**
 * Turns a {@link ServiceError} from creating an image into a message for the user. Only the service's
 * own message for a refused prompt is shown, with links and tokens removed; the error's `message` and
 * `request` (which name internal paths) never are.
 */
import type { Translator } from "../i18n/translate.js";
import type { ServiceError, ServiceErrorKind } from "../service/errors.js";
import { isMissingUpscaleRoute } from "../service/service-profile.js";
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

function unavailable(t: Translator): ServiceErrorDescription {
  return {
    title: t("serviceError.unavailable.title"),
    message: t("serviceError.unavailable.message"),
    retryable: true,
  };
}

/**
 * A 500: Directus' generic answer, which says nothing of when it would work (a self-hosted server answers it
 * to any create body it does not accept), so nothing is promised.
 */
function internalError(t: Translator): ServiceErrorDescription {
  return {
    title: t("serviceError.internal.title"),
    message: t("serviceError.internal.message"),
    retryable: false,
  };
}

/** Whether the failed request was an upscale (Enhance). */
export function isUpscaleRequest(error: ServiceError): boolean {
  return error.request?.includes("/upscale/") ?? false;
}

type Describe = (t: Translator, error: ServiceError) => ServiceErrorDescription;

const DESCRIPTIONS: Record<ServiceErrorKind, Describe> = {
  unauthorized: (t) => ({
    title: t("serviceError.misconfigured.title"),
    message: t("serviceError.unauthorized.message"),
    retryable: false,
  }),
  forbidden: (t) => ({
    title: t("serviceError.misconfigured.title"),
    message: t("serviceError.forbidden.message"),
    retryable: false,
  }),
  quota: (t) => ({
    title: t("serviceError.quota.title"),
    message: t("serviceError.quota.message"),
    retryable: false,
  }),
  "rate-limited": (t, error) => {
    const ms = error.retryAfterMs;
    const message =
      ms !== undefined && Number.isFinite(ms) && ms > 0
        ? t("serviceError.busy.message", { seconds: Math.ceil(ms / 1000) })
        : t("serviceError.busy.messageMinute");
    return { title: t("serviceError.busy.title"), message, retryable: true };
  },
  validation: (t, error) => {
    const said = redactServiceText(error.serviceMessage ?? "");
    const message =
      said === ""
        ? t("serviceError.refused.message")
        : t("serviceError.refused.messageQuoted", {
            said: escapeMarkdown(truncate(said, MAX_SERVICE_MESSAGE)),
          });
    return { title: t("serviceError.refused.title"), message, retryable: false };
  },
  server: (t, error) => (error.status === 500 ? internalError(t) : unavailable(t)),
  "not-json": unavailable,
  "invalid-response": (t, error) =>
    isUpscaleRequest(error) && isMissingUpscaleRoute(error)
      ? { title: t("serviceError.misconfigured.title"), message: t("enhance.noRoute"), retryable: false }
      : unavailable(t),
  network: unavailable,
  timeout: unavailable,
};

/** Explains why creating an image failed, for each {@link ServiceErrorKind}. */
export function describeServiceError(t: Translator, error: ServiceError): ServiceErrorDescription {
  return (DESCRIPTIONS[error.kind] ?? unavailable)(t, error);
}

/**
 * Turns an image-service answer that is not a usable success into a typed {@link ServiceError}
 * (service-facts.md, "Errors (Directus conventions)").
 */
import type { z } from "zod";
import { ServiceError, type ServiceErrorKind } from "./errors.js";
import { directusErrorSchema } from "./schema.js";
import { headerValue, parseRetryAfter, redact, type AttemptDescription } from "./http.js";

/** Longest service message copied into an error message. */
const MAX_SERVICE_MESSAGE = 500;

/** The parts of an HTTP answer the mapping needs. */
export interface ServiceAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as text (already size-limited). */
  text: string;
}

/** Parses JSON, or returns `undefined` when the text is not JSON. */
export function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Shortens `text` and removes `secret` from it (a service may echo the token back). */
export function sanitizeText(text: string, secret: string, max = MAX_SERVICE_MESSAGE): string {
  const clean = redact(text, secret).replace(/\s+/g, " ").trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/** Reads `{errors: [{message, extensions: {code}}]}`: the first code and all messages joined. */
function readDirectusError(json: unknown): { code?: string; message?: string } {
  const parsed = directusErrorSchema.safeParse(json);
  if (!parsed.success) return {};
  const messages = parsed.data.errors.map((e) => e.message).filter((m): m is string => Boolean(m));
  const code = parsed.data.errors.find((e) => e.extensions?.code)?.extensions?.code;
  return {
    ...(code ? { code } : {}),
    ...(messages.length > 0 ? { message: messages.join(" ") } : {}),
  };
}

/** `<title>` of an HTML page (a proxy's error page says e.g. `502 Bad Gateway` there). */
function htmlTitle(text: string): string | undefined {
  return /<title[^>]*>([^<]{1,200})<\/title>/i.exec(text)?.[1]?.trim() || undefined;
}

function kindForStatus(status: number, code: string | undefined, isJson: boolean): ServiceErrorKind {
  if (status === 401) return "unauthorized";
  if (status === 403) return "forbidden";
  if (status === 400 || status === 413 || status === 415 || status === 422) return "validation";
  if (status === 429) return code === "IMAGE_ERROR" ? "quota" : "rate-limited";
  if (!isJson) return "not-json";
  return status >= 500 ? "server" : "invalid-response";
}

const HEADLINES: Record<ServiceErrorKind, string> = {
  unauthorized: "Image service refused the token",
  forbidden: "Image service denied access (unknown id, or the token may not use it)",
  validation: "Image service rejected the request as invalid",
  "rate-limited": "Image service rate limit reached",
  quota: "Image service quota is used up",
  server: "Image service failed",
  "not-json": "Image service answered with a body that is not JSON",
  "invalid-response": "Image service answered with an unexpected status",
  network: "Could not reach the image service",
  timeout: "Image service did not answer in time",
};

/**
 * Maps a non-2xx answer: 401 unauthorized, 403 forbidden, 400/413/415/422 validation, 429 rate-limited
 * (quota for code `IMAGE_ERROR`), 5xx server (not-json when the body is not JSON, e.g. a proxy's HTML page),
 * anything else invalid-response; a 2xx body that is not JSON is not-json too. The message names the operation, the status and code, and the
 * service's own message; `secret` never appears in it.
 */
export function errorFromAnswer(
  answer: ServiceAnswer,
  what: AttemptDescription,
  secret: string,
  nowMs: number,
) {
  const json = parseJsonOrUndefined(answer.text);
  const { code, message } = readDirectusError(json);
  const kind = kindForStatus(answer.status, code, json !== undefined);
  const retryAfterMs = parseRetryAfter(answer.headers["retry-after"], nowMs);
  const serviceMessage = message === undefined ? undefined : sanitizeText(message, secret);

  let detail = serviceMessage ? `: ${serviceMessage}` : ".";
  if (kind === "not-json") {
    const type = headerValue(answer.headers["content-type"]) ?? "no content type";
    const title = htmlTitle(answer.text);
    detail = `: got ${sanitizeText(type, secret, 100)}${title ? ` "${sanitizeText(title, secret, 100)}"` : ""}; a proxy in front of the service may have answered.`;
  } else if (kind === "invalid-response" && answer.status === 404) {
    detail = `${serviceMessage ? `: ${serviceMessage}` : ""} (is IMAGINE_API_URL the service's base URL?)`;
  }
  if (retryAfterMs !== undefined) detail += ` Retry after ${Math.ceil(retryAfterMs / 1000)} s.`;

  const statusText = `${answer.status}${code ? ` ${sanitizeText(code, secret, 60)}` : ""}`;
  return new ServiceError(kind, `${HEADLINES[kind]} while ${what.operation} (${statusText})${detail}`, {
    status: answer.status,
    ...(code ? { code } : {}),
    ...(serviceMessage ? { serviceMessage } : {}),
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    request: what.request,
  });
}

/** Lists the first few schema problems as `path: message` (e.g. `data.id: record has no id`). */
export function describeIssues(error: z.ZodError, max = 3): string {
  const lines = error.issues.slice(0, max).map((issue) => {
    const path = issue.path.map(String).join(".");
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  const more = error.issues.length > max ? ` (and ${error.issues.length - max} more)` : "";
  return lines.join("; ") + more;
}

/** A 2xx JSON answer that does not have the documented shape. */
export function invalidShapeError(
  status: number,
  error: z.ZodError,
  what: AttemptDescription,
  secret: string,
): ServiceError {
  const issues = sanitizeText(describeIssues(error), secret);
  return new ServiceError(
    "invalid-response",
    `Image service sent an unexpected response while ${what.operation} (${status}): ${issues}`,
    { status, request: what.request, cause: error },
  );
}

/**
 * The image service's API routes as service-facts.md documents them: Bearer authentication, create and
 * read of image records, `/items/status`, and Directus-shaped errors for everything else.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { decodePathSegment, directusError, readBody, sendJson } from "./directus-http.js";
import type { JobBook } from "./job-book.js";

/** What the routes read and change. */
export interface ApiContext {
  book: JobBook;
  /** Token -> user id. A Map: a token such as `constructor` must not find an inherited property. */
  users: ReadonlyMap<string, string>;
  /** Records created per `ref`. */
  createsByRef: Map<string, number>;
  maxBodyBytes: number;
  /** The message `/items/status` reports with the bot status. */
  healthMessage: () => string;
}

const ID_PATH = /^\/items\/images\/([^/]+)$/;
const BEARER = /^Bearer (.+)$/i;

function forbidden(res: ServerResponse): void {
  directusError(res, 403, "FORBIDDEN", "You don't have permission to access this.");
}

function failedValidation(res: ServerResponse, field: string, problem: string): void {
  directusError(res, 400, "FAILED_VALIDATION", `Validation failed for field "${field}". ${problem}`);
}

async function createImage(
  req: IncomingMessage,
  res: ServerResponse,
  user: string,
  context: ApiContext,
): Promise<void> {
  const type = req.headers["content-type"] ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    return directusError(res, 415, "UNSUPPORTED_MEDIA_TYPE", `Unsupported media type "${type}".`);
  }
  const body = await readBody(req, context.maxBodyBytes);
  if (body === null) return directusError(res, 413, "CONTENT_TOO_LARGE", "Uploaded content is too large.");
  let input: unknown;
  try {
    input = JSON.parse(body.toString("utf8"));
  } catch {
    return directusError(res, 400, "INVALID_PAYLOAD", "Invalid JSON payload.");
  }
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return directusError(res, 400, "INVALID_PAYLOAD", "The payload must be a JSON object.");
  }
  const { prompt, ref } = input as Record<string, unknown>;
  if (typeof prompt !== "string" || prompt.trim() === "") {
    return failedValidation(res, "prompt", "Value is required.");
  }
  if (ref !== undefined && ref !== null && typeof ref !== "string") {
    return failedValidation(res, "ref", "Value has to be a string.");
  }
  const refValue = typeof ref === "string" ? ref : null;
  if (refValue !== null) context.createsByRef.set(refValue, (context.createsByRef.get(refValue) ?? 0) + 1);
  sendJson(res, { data: context.book.create(prompt, refValue, user) });
}

/** Answers one API request (`path` without the query). */
export async function handleApi(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  context: ApiContext,
): Promise<void> {
  const auth = req.headers.authorization;
  if (!auth) return forbidden(res);
  const token = BEARER.exec(auth)?.[1];
  const user = token === undefined ? undefined : context.users.get(token);
  if (user === undefined) return directusError(res, 401, "INVALID_CREDENTIALS", "Invalid user credentials.");
  if (req.method === "GET" && path === "/items/status") {
    return sendJson(res, { data: { bot_status: context.book.botStatus, message: context.healthMessage() } });
  }
  const idMatch = ID_PATH.exec(path);
  if (req.method === "GET" && idMatch) {
    // Unknown, malformed and other users' ids all look the same, as upstream: never 404.
    const id = decodePathSegment(idMatch[1]!);
    const record = id === null ? undefined : context.book.get(id);
    if (!record || record.user_created !== user) return forbidden(res);
    return sendJson(res, { data: record });
  }
  if (req.method === "POST" && path === "/items/images") return createImage(req, res, user, context);
  return directusError(res, 404, "ROUTE_NOT_FOUND", `Route ${path} doesn't exist.`);
}

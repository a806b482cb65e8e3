/**
 * The image service's API routes as service-facts.md documents them: Bearer authentication, create and
 * read of image records, the upscale of one image of a completed grid, `/items/status`, and
 * Directus-shaped errors for everything else.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { decodePathSegment, directusError, readBody, sendJson } from "./directus-http.js";
import { GRID_SIZE, isUpscaleFactor, UPSCALE_FACTORS, type ImageRecord } from "../../src/service/schema.js";
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
const UPSCALE_PATH = /^\/items\/images\/([^/]+)\/([^/]+)\/upscale\/([^/]+)$/;
const BEARER = /^Bearer (.+)$/i;

function forbidden(res: ServerResponse): void {
  directusError(res, 403, "FORBIDDEN", "You don't have permission to access this.");
}

function failedValidation(res: ServerResponse, field: string, problem: string): void {
  directusError(res, 400, "FAILED_VALIDATION", `Validation failed for field "${field}". ${problem}`);
}

/**
 * Reads the JSON object body of a POST; answers the error itself and returns null when the body is not
 * one. With `optional`, an empty body (and no content type) reads as `{}`.
 */
async function readJsonObject(
  req: IncomingMessage,
  res: ServerResponse,
  context: ApiContext,
  optional = false,
): Promise<Record<string, unknown> | null> {
  const type = req.headers["content-type"] ?? "";
  const body = await readBody(req, context.maxBodyBytes);
  if (body === null) {
    directusError(res, 413, "CONTENT_TOO_LARGE", "Uploaded content is too large.");
    return null;
  }
  if (optional && body.length === 0) return {};
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    directusError(res, 415, "UNSUPPORTED_MEDIA_TYPE", `Unsupported media type "${type}".`);
    return null;
  }
  let input: unknown;
  try {
    input = JSON.parse(body.toString("utf8"));
  } catch {
    directusError(res, 400, "INVALID_PAYLOAD", "Invalid JSON payload.");
    return null;
  }
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    directusError(res, 400, "INVALID_PAYLOAD", "The payload must be a JSON object.");
    return null;
  }
  return input as Record<string, unknown>;
}

/** The body's `ref` (null when absent); answers 400 and returns undefined when it is not a string. */
function readRef(res: ServerResponse, input: Record<string, unknown>): string | null | undefined {
  const { ref } = input;
  if (ref !== undefined && ref !== null && typeof ref !== "string") {
    failedValidation(res, "ref", "Value has to be a string.");
    return undefined;
  }
  return typeof ref === "string" ? ref : null;
}

function countCreate(context: ApiContext, ref: string | null): void {
  if (ref !== null) context.createsByRef.set(ref, (context.createsByRef.get(ref) ?? 0) + 1);
}

async function createImage(
  req: IncomingMessage,
  res: ServerResponse,
  user: string,
  context: ApiContext,
): Promise<void> {
  const input = await readJsonObject(req, res, context);
  if (input === null) return;
  const { prompt } = input;
  if (typeof prompt !== "string" || prompt.trim() === "") {
    return failedValidation(res, "prompt", "Value is required.");
  }
  const ref = readRef(res, input);
  if (ref === undefined) return;
  countCreate(context, ref);
  sendJson(res, { data: context.book.create(prompt, ref, user) });
}

/** The caller's record with this (still encoded) id, or undefined for unknown, malformed or others' ids. */
function ownRecord(context: ApiContext, encodedId: string, user: string): ImageRecord | undefined {
  const id = decodePathSegment(encodedId);
  const record = id === null ? undefined : context.book.get(id);
  return record?.user_created === user ? record : undefined;
}

/**
 * `POST /items/images/{id}/{index}/upscale/{factor}`: a new `pending` record with `parent_id`, enlarging
 * image `index` (0-based) of the completed grid `id`. Optional body `{ref}`. The parent is checked first,
 * with the answer of any unknown id (403); then the factor, the index and the parent's state (400).
 */
async function upscaleImage(
  req: IncomingMessage,
  res: ServerResponse,
  user: string,
  context: ApiContext,
  match: RegExpExecArray,
): Promise<void> {
  const parent = ownRecord(context, match[1]!, user);
  if (!parent) return forbidden(res);
  const factor = decodePathSegment(match[3]!);
  if (!isUpscaleFactor(factor)) {
    return failedValidation(res, "factor", `Value has to be one of ${UPSCALE_FACTORS.join(", ")}.`);
  }
  const indexText = match[2]!;
  const index = /^\d{1,2}$/.test(indexText) ? Number(indexText) : Number.NaN;
  if (!(index >= 0 && index < GRID_SIZE)) {
    return failedValidation(res, "index", `Value has to be a whole number from 0 to ${GRID_SIZE - 1}.`);
  }
  if (parent.status !== "completed" || parent.parent_id !== null || !parent.upscaled_urls?.[index]) {
    const why =
      parent.parent_id !== null ? "it is an upscale, not a grid" : `it is ${parent.status}, not completed`;
    return failedValidation(res, "id", `Image ${parent.id} cannot be upscaled: ${why}.`);
  }
  const input = await readJsonObject(req, res, context, true);
  if (input === null) return;
  const ref = readRef(res, input);
  if (ref === undefined) return;
  countCreate(context, ref);
  sendJson(res, { data: context.book.createUpscale(parent, { index, factor }, ref, user) });
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
    const record = ownRecord(context, idMatch[1]!, user);
    return record ? sendJson(res, { data: record }) : forbidden(res);
  }
  if (req.method === "POST" && path === "/items/images") return createImage(req, res, user, context);
  const upscaleMatch = UPSCALE_PATH.exec(path);
  if (req.method === "POST" && upscaleMatch) return upscaleImage(req, res, user, context, upscaleMatch);
  return directusError(res, 404, "ROUTE_NOT_FOUND", `Route ${path} doesn't exist.`);
}

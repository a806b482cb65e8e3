/**
 * The image service's API routes as service-facts.md documents them: Bearer authentication, create, read
 * and list of image records, `/items/status`, and Directus-shaped errors for everything else; on the
 * hosted profile also the upscale of one image of a completed grid (a self-hosted server has no such
 * route: 404 ROUTE_NOT_FOUND).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { BotStatusBoard } from "./bot-status.js";
import { decodePathSegment, directusError, sendJson } from "./directus-http.js";
import { createImage, readJsonObject, readRef, type CreateContext } from "./image-create.js";
import { forbidden, listImages, readImage } from "./image-read.js";
import { GRID_SIZE, isUpscaleFactor, recordView, UPSCALE_FACTORS, type ServiceRecord } from "./record.js";

/** What the routes read and change. */
export interface ApiContext extends CreateContext {
  /** Token -> user id. A Map: a token such as `constructor` must not find an inherited property. */
  users: ReadonlyMap<string, string>;
  /** What `/items/status` shows. */
  status: BotStatusBoard;
}

const ID_PATH = /^\/items\/images\/([^/]+)$/;
const UPSCALE_PATH = /^\/items\/images\/([^/]+)\/([^/]+)\/upscale\/([^/]+)$/;
const BEARER = /^Bearer (.+)$/i;

function failedValidation(res: ServerResponse, field: string, problem: string): void {
  directusError(res, 400, "FAILED_VALIDATION", `Validation failed for field "${field}". ${problem}`);
}

/** The caller's record with this (still encoded) id, or undefined for unknown, malformed or others' ids. */
function ownRecord(context: ApiContext, encodedId: string, user: string): ServiceRecord | undefined {
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
  const input = await readJsonObject(req, res, context.maxBodyBytes, true);
  if (input === null) return;
  const ref = readRef(res, input);
  if (ref === undefined) return;
  context.countCreate(ref, "upscale");
  sendJson(res, {
    data: recordView(context.book.createUpscale(parent, { index, factor }, ref, user), "hosted"),
  });
}

/** Answers one API request. */
export async function handleApi(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  context: ApiContext,
): Promise<void> {
  const auth = req.headers.authorization;
  if (!auth) return forbidden(res);
  const token = BEARER.exec(auth)?.[1];
  const user = token === undefined ? undefined : context.users.get(token);
  if (user === undefined) return directusError(res, 401, "INVALID_CREDENTIALS", "Invalid user credentials.");
  const path = url.pathname;
  if (req.method === "GET" && path === "/items/status")
    return sendJson(res, { data: context.status.toJson() });
  const read = { profile: context.profile, records: () => context.book.allRecords() };
  const idMatch = ID_PATH.exec(path);
  if (req.method === "GET" && idMatch) {
    // Unknown, malformed and other users' ids all look the same, as upstream: never 404.
    return readImage(res, ownRecord(context, idMatch[1]!, user), url.searchParams, read);
  }
  if (req.method === "GET" && path === "/items/images") return listImages(res, user, url.searchParams, read);
  if (req.method === "POST" && path === "/items/images") return createImage(req, res, user, context);
  const upscaleMatch = UPSCALE_PATH.exec(path);
  if (req.method === "POST" && upscaleMatch && context.profile === "hosted") {
    return upscaleImage(req, res, user, context, upscaleMatch);
  }
  return directusError(res, 404, "ROUTE_NOT_FOUND", `Route ${path} doesn't exist.`);
}

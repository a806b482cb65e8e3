/**
 * `POST /items/images` on each kind of server.
 *
 * - hosted (the interface, part 4.2): a JSON object `{prompt, ref?}`; a missing or blank prompt or a
 *   non-string `ref` is 400 FAILED_VALIDATION; the record echoes `ref`.
 * - self-hosted (service-facts.md, "No ref" and "Lenient creates"): the image hook checks the body with a
 *   strict struct and the collection has no `ref`, so a key that is not one of the 11 fields (`ref`, even
 *   `ref: null`) or a non-string prompt is Directus' generic 500 and nothing is made; `{}`, `{prompt: ""}`
 *   or a body that is not JSON make a record that is never queued; other fields are written as given
 *   (`{prompt, status: "completed"}` is a completed record); an array makes one record per element.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { directusError, readBody, sendJson } from "./directus-http.js";
import type { JobBook } from "./job-book.js";
import {
  RECORD_STATUSES,
  recordView,
  SELF_HOSTED_FIELDS,
  type ServiceProfile,
  type ServiceRecord,
} from "./record.js";

/** What a create needs of the service. */
export interface CreateContext {
  profile: ServiceProfile;
  book: JobBook;
  maxBodyBytes: number;
  /** Called once per record made by `POST /items/images` (`create`) or the upscale route (`upscale`). */
  countCreate(ref: string | null, route: "create" | "upscale"): void;
}

function failedValidation(res: ServerResponse, field: string, problem: string): void {
  directusError(res, 400, "FAILED_VALIDATION", `Validation failed for field "${field}". ${problem}`);
}

function unexpectedError(res: ServerResponse): void {
  directusError(res, 500, "INTERNAL_SERVER_ERROR", "An unexpected error occurred.");
}

/** The body's bytes, or null after answering 413. */
async function readLimitedBody(
  req: IncomingMessage,
  res: ServerResponse,
  maxBodyBytes: number,
): Promise<Buffer | null> {
  const body = await readBody(req, maxBodyBytes);
  if (body === null) directusError(res, 413, "CONTENT_TOO_LARGE", "Uploaded content is too large.");
  return body;
}

const isJsonType = (req: IncomingMessage) =>
  /^application\/json\s*(;|$)/i.test(req.headers["content-type"] ?? "");

/** Parses JSON text; answers 400 INVALID_PAYLOAD and returns undefined when it is not JSON. */
function parseJson(res: ServerResponse, body: Buffer): unknown {
  try {
    return JSON.parse(body.toString("utf8")) as unknown;
  } catch {
    directusError(res, 400, "INVALID_PAYLOAD", "Invalid JSON payload.");
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Reads the JSON object body of a hosted POST; answers the error itself and returns null when the body is
 * not one. With `optional`, an empty body (and no content type) reads as `{}`.
 */
export async function readJsonObject(
  req: IncomingMessage,
  res: ServerResponse,
  maxBodyBytes: number,
  optional = false,
): Promise<Record<string, unknown> | null> {
  const body = await readLimitedBody(req, res, maxBodyBytes);
  if (body === null) return null;
  if (optional && body.length === 0) return {};
  if (!isJsonType(req)) {
    directusError(
      res,
      415,
      "UNSUPPORTED_MEDIA_TYPE",
      `Unsupported media type "${req.headers["content-type"] ?? ""}".`,
    );
    return null;
  }
  const input = parseJson(res, body);
  if (input === undefined) return null;
  if (!isObject(input)) {
    directusError(res, 400, "INVALID_PAYLOAD", "The payload must be a JSON object.");
    return null;
  }
  return input;
}

/** The body's `ref` (null when absent); answers 400 and returns undefined when it is not a string. */
export function readRef(res: ServerResponse, input: Record<string, unknown>): string | null | undefined {
  const { ref } = input;
  if (ref !== undefined && ref !== null && typeof ref !== "string") {
    failedValidation(res, "ref", "Value has to be a string.");
    return undefined;
  }
  return typeof ref === "string" ? ref : null;
}

async function createHosted(
  req: IncomingMessage,
  res: ServerResponse,
  user: string,
  context: CreateContext,
): Promise<void> {
  const input = await readJsonObject(req, res, context.maxBodyBytes);
  if (input === null) return;
  const { prompt } = input;
  if (typeof prompt !== "string" || prompt.trim() === "") {
    return failedValidation(res, "prompt", "Value is required.");
  }
  const ref = readRef(res, input);
  if (ref === undefined) return;
  context.countCreate(ref, "create");
  sendJson(res, { data: recordView(context.book.create(prompt, ref, user), "hosted") });
}

const isStringOrNull = (v: unknown) => v === null || typeof v === "string";
const isStringArray = (v: unknown) => Array.isArray(v) && v.every((item) => typeof item === "string");

/** What each field a self-hosted create may write accepts; the system fields are Directus' own. */
const WRITABLE: Partial<Record<keyof ServiceRecord, (value: unknown) => boolean>> = {
  prompt: (v) => typeof v === "string",
  results: isStringOrNull,
  status: (v) => (RECORD_STATUSES as readonly unknown[]).includes(v),
  progress: (v) => v === null || Number.isInteger(v),
  url: isStringOrNull,
  error: isStringOrNull,
  upscaled_urls: (v) => v === null || isStringArray(v),
  upscaled: isStringArray,
};
const SYSTEM_FIELDS: readonly string[] = ["id", "user_created", "date_created"];

/** The fields one element of a self-hosted create writes, or null when the hook or the database refuses it. */
function selfHostedFields(item: unknown): Partial<ServiceRecord> | null {
  if (!isObject(item)) return null;
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) {
    if (!(SELF_HOSTED_FIELDS as readonly string[]).includes(key)) return null;
    if (SYSTEM_FIELDS.includes(key)) continue;
    if (!WRITABLE[key as keyof ServiceRecord]?.(value)) return null;
    fields[key] = value;
  }
  return fields as Partial<ServiceRecord>;
}

async function createSelfHosted(
  req: IncomingMessage,
  res: ServerResponse,
  user: string,
  context: CreateContext,
): Promise<void> {
  const body = await readLimitedBody(req, res, context.maxBodyBytes);
  if (body === null) return;
  // Directus reads only JSON bodies: any other body is no body at all.
  const input = isJsonType(req) && body.length > 0 ? parseJson(res, body) : {};
  if (input === undefined) return;
  if (!isObject(input) && !Array.isArray(input)) {
    return directusError(res, 400, "INVALID_PAYLOAD", "The payload must be a JSON object or array.");
  }
  const items = Array.isArray(input) ? input : [input];
  const checked = items.map(selfHostedFields);
  // One transaction: one refused element and nothing is made.
  if (checked.some((fields) => fields === null)) return unexpectedError(res);
  const made = checked.map((fields) => {
    context.countCreate(null, "create");
    return recordView(context.book.createFrom(fields!, user), "self-hosted");
  });
  sendJson(res, { data: Array.isArray(input) ? made : made[0] });
}

/** `POST /items/images` as a server of `context.profile` answers it. */
export function createImage(
  req: IncomingMessage,
  res: ServerResponse,
  user: string,
  context: CreateContext,
): Promise<void> {
  return context.profile === "hosted"
    ? createHosted(req, res, user, context)
    : createSelfHosted(req, res, user, context);
}

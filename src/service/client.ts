/**
 * The image-service client: create an image, upscale one image of a finished grid, read a record back,
 * read the service's health, and download a finished image. No Discord code here.
 */
import { z } from "zod";
import type { Config } from "../config.js";
import { AnswerMemo } from "./answer-memo.js";
import { downloadImage, type DownloadedImage, type DownloadImageOptions } from "./download.js";
import { ServiceError } from "./errors.js";
import {
  requestJson,
  resolveServiceOptions,
  type ServiceClientOptions,
  type ServiceContext,
} from "./request.js";
import {
  GRID_SIZE,
  imageRecordSchema,
  imageResponseSchema,
  isFinished,
  isUpscaleFactor,
  serviceStatusSchema,
  UPSCALE_FACTORS,
  type ImageRecord,
  type ServiceStatus,
  type UpscaleFactor,
} from "./schema.js";

/**
 * How long the last answer of an image not read again is remembered: longer than any pause between two
 * polls of one job (the longest is the 60 s error backoff).
 */
const IMAGE_ANSWER_RETENTION_MS = 10 * 60_000;

/** Body of `POST /items/images`. */
export interface CreateImageInput {
  /** The prompt, in the upstream generator's syntax (image URLs first, then text, then `--` parameters). */
  prompt: string;
  /**
   * Caller's own identifier, returned unchanged in the record's `ref`. Left out of the body when absent: a
   * self-hosted server refuses any `ref`, even `null` (service-facts.md, "Two kinds of server").
   */
  ref?: string | null;
}

/** An image id no server ever gave out (the nil UUID): a probe about it can neither find nor make a record. */
export const NIL_IMAGE_ID = "00000000-0000-0000-0000-000000000000";

/** `{data: [...]}` of a list read; the items are not looked at. */
const listResponseSchema = z.object({ data: z.array(z.unknown()) });
const imageListSchema = z.object({ data: z.array(imageRecordSchema) });

/** Shortened for messages: an id of any length must not make an error message huge. */
function shown(id: string): string {
  return JSON.stringify(id.length > 80 ? `${id.slice(0, 79)}…` : id);
}

function invalidInput(message: string, request: string): ServiceError {
  return new ServiceError("validation", message, { request });
}

/** Talks to the image service (ImagineAPI). Every method throws typed {@link ServiceError}s. */
export class ImagineClient {
  readonly #ctx: ServiceContext;
  /** The last validated answer per image id: an identical answer is not parsed and validated again. */
  readonly #imageAnswers: AnswerMemo<z.output<typeof imageResponseSchema>>;

  /**
   * @throws {TypeError | RangeError} for a bad base URL, token or limit (see {@link resolveServiceOptions}).
   */
  constructor(options: ServiceClientOptions) {
    this.#ctx = resolveServiceOptions(options);
    this.#imageAnswers = new AnswerMemo(IMAGE_ANSWER_RETENTION_MS, this.#ctx.now);
  }

  /**
   * Creates an image record (`POST /items/images`). Never sent twice for one call unless the service provably
   * did not receive it (connection refused) or refused it with `Retry-After` (429 rate limit, 503).
   * @returns the new record, normally `pending`, carrying the submitted `prompt` and `ref`.
   * @throws {ServiceError} `validation` for an empty prompt (nothing is sent) or one the service refuses.
   */
  async createImage(input: CreateImageInput): Promise<ImageRecord> {
    const request = "POST /items/images";
    if (typeof input?.prompt !== "string" || input.prompt.trim() === "") {
      throw invalidInput("Cannot create an image: the prompt is empty.", request);
    }
    const ref = input.ref;
    if (ref !== undefined && ref !== null && typeof ref !== "string") {
      throw invalidInput("Cannot create an image: ref must be a string or null.", request);
    }
    const response = await requestJson(this.#ctx, {
      method: "POST",
      path: "/items/images",
      body: ref === undefined ? { prompt: input.prompt } : { prompt: input.prompt, ref },
      schema: imageResponseSchema,
      retry: "create",
      operation: "creating an image",
    });
    return response.data;
  }

  /**
   * Reads an image record (`GET /items/images/:id`). An unknown, malformed or someone else's id is a
   * `forbidden` error (the service never answers 404). An answer byte-identical to this image's previous
   * one is the same (already validated) record object. `inSlot`: the caller already holds one of the
   * client's slots (see {@link ServiceClientOptions.slots}).
   */
  async getImage(id: string, options: { inSlot?: boolean } = {}): Promise<ImageRecord> {
    if (typeof id !== "string" || id.trim() === "") {
      throw invalidInput("Cannot read an image: the id is empty.", "GET /items/images/:id");
    }
    const response = await requestJson(this.#ctx, {
      method: "GET",
      path: `/items/images/${encodeURIComponent(id)}`,
      schema: imageResponseSchema,
      retry: "idempotent",
      operation: `reading image ${shown(id)}`,
      memo: { key: id, answers: this.#imageAnswers },
      ...(options.inSlot ? { inSlot: true } : {}),
    });
    // A finished record is final: it will not be read again.
    if (isFinished(response.data.status)) this.#imageAnswers.delete(id);
    return response.data;
  }

  /**
   * Upscales image `index` (0-based: U1 is 0) of the completed grid `parentId` by `factor`
   * (`POST /items/images/{id}/{index}/upscale/{factor}`, body `{ref}`, or `{}` without one). Sent at most
   * once per call, as a create is (see {@link createImage}).
   * @returns the new record, normally `pending`, with `parent_id`; follow it with {@link getImage}.
   * @throws {ServiceError} `validation` for an empty id, an index outside 0-3 or an unknown factor (nothing is
   *   sent), or when the service refuses (the parent is not a completed grid); `forbidden` for an unknown id.
   */
  async upscale(
    parentId: string,
    index: number,
    factor: UpscaleFactor,
    options: { ref?: string | null } = {},
  ): Promise<ImageRecord> {
    const request = "POST /items/images/:id/:index/upscale/:factor";
    if (typeof parentId !== "string" || parentId.trim() === "") {
      throw invalidInput("Cannot upscale an image: the id is empty.", request);
    }
    if (!Number.isInteger(index) || index < 0 || index >= GRID_SIZE) {
      throw invalidInput(
        `Cannot upscale an image: the index must be a whole number from 0 to ${GRID_SIZE - 1}, got ${String(index)}.`,
        request,
      );
    }
    if (!isUpscaleFactor(factor)) {
      throw invalidInput(
        `Cannot upscale an image: the factor must be one of ${UPSCALE_FACTORS.join(", ")}, got ${JSON.stringify(String(factor))}.`,
        request,
      );
    }
    const ref = options.ref;
    if (ref !== undefined && ref !== null && typeof ref !== "string") {
      throw invalidInput("Cannot upscale an image: ref must be a string or null.", request);
    }
    const response = await requestJson(this.#ctx, {
      method: "POST",
      path: `/items/images/${encodeURIComponent(parentId)}/${index}/upscale/${factor}`,
      body: ref === undefined ? {} : { ref },
      schema: imageResponseSchema,
      retry: "create",
      operation: `upscaling image ${index + 1} of ${shown(parentId)} by ${factor}`,
    });
    return response.data;
  }

  /**
   * The caller's records created with `ref` (`GET /items/images?filter[ref][_eq]=<ref>`, Directus' filter),
   * at most 10. A server without a `ref` field refuses (403 FORBIDDEN); one that ignored the filter would
   * answer other records too, so callers check each record's `ref`.
   * @throws {ServiceError} as the service answers.
   */
  async findByRef(ref: string): Promise<ImageRecord[]> {
    const response = await requestJson(this.#ctx, {
      method: "GET",
      path: `/items/images?filter[ref][_eq]=${encodeURIComponent(ref)}&limit=10`,
      schema: imageListSchema,
      retry: "idempotent",
      operation: `looking for the image of request ${shown(ref)}`,
    });
    return response.data;
  }

  /**
   * Reads at most one image record with only `fields` (`GET /items/images?limit=1&fields=...`), to learn
   * which fields the service has: Directus answers 403 FORBIDDEN for a field it does not have. Creates
   * nothing and is never retried.
   * @throws {ServiceError} as the service answers.
   */
  async readFields(fields: readonly string[]): Promise<void> {
    await requestJson(this.#ctx, {
      method: "GET",
      path: `/items/images?limit=1&fields=${fields.map(encodeURIComponent).join(",")}`,
      schema: listResponseSchema,
      retry: "create",
      operation: `reading the fields ${fields.join(", ")}`,
      outsideFleetCap: true,
    });
  }

  /**
   * Asks for an upscale of image 1 of {@link NIL_IMAGE_ID}, which no server has: a server with the upscale
   * route answers "no such image" (403), one without it 404 ROUTE_NOT_FOUND. Sends no `ref`, never retried.
   * @throws {ServiceError} the service's answer (the probe's result); resolves only if a server made a record.
   */
  async probeUpscaleRoute(): Promise<ImageRecord> {
    const response = await requestJson(this.#ctx, {
      method: "POST",
      path: `/items/images/${NIL_IMAGE_ID}/0/upscale/2x`,
      body: {},
      schema: imageResponseSchema,
      retry: "create",
      operation: "checking for the upscale route",
      outsideFleetCap: true,
    });
    return response.data;
  }

  /** Reads the upstream bot's health (`GET /items/status`); while not `healthy`, new images wait in `pending`. */
  async getServiceStatus(): Promise<ServiceStatus> {
    const response = await requestJson(this.#ctx, {
      method: "GET",
      path: "/items/status",
      schema: serviceStatusSchema,
      retry: "idempotent",
      operation: "reading the service status",
      outsideFleetCap: true,
    });
    return response.data;
  }

  /**
   * Downloads a finished image (e.g. `record.url`) for upload as a Discord attachment. Sends no token.
   * See {@link downloadImage} for the limits and errors.
   */
  downloadImage(url: string, options: DownloadImageOptions): Promise<DownloadedImage> {
    return downloadImage(this.#ctx, url, options);
  }
}

/** The configuration the client is built from (see src/config.ts). */
export type ImagineClientConfig = Pick<
  Config,
  "IMAGINE_API_URL" | "IMAGINE_API_TOKEN" | "SERVICE_TIMEOUT_MS" | "SERVICE_MAX_CONCURRENCY"
>;

/** Everything else a client may be given: dispatcher, logger, sleep, random, clock, retry limits, user agent. */
export type ImagineClientExtras = Omit<
  ServiceClientOptions,
  "baseUrl" | "token" | "timeoutMs" | "maxConcurrency"
>;

/**
 * Builds the client from the bot's configuration. The caller should also `registerSecret(IMAGINE_API_TOKEN)`
 * (src/logger.ts) so the token is scrubbed from every log line as a second line of defence.
 */
export function createImagineClient(
  config: ImagineClientConfig,
  extras: ImagineClientExtras = {},
): ImagineClient {
  return new ImagineClient({
    ...extras,
    baseUrl: config.IMAGINE_API_URL,
    token: config.IMAGINE_API_TOKEN,
    timeoutMs: config.SERVICE_TIMEOUT_MS,
    maxConcurrency: config.SERVICE_MAX_CONCURRENCY,
  });
}

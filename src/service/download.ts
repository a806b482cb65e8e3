/**
 * Downloads a finished image (a record's `url` or `upscaled_urls[i]`) so the bot can upload it to Discord
 * as an attachment when the URL is not publicly reachable.
 * @see https://discord.com/developers/docs/reference#uploading-files
 */
import { request, type Dispatcher } from "undici";
import type { Logger } from "../logger.js";
import { ImageDownloadError, ServiceError } from "./errors.js";
import {
  discardBody,
  headerValue,
  readBodyLimited,
  runWithTimeout,
  type AttemptDescription,
  type AttemptSignal,
} from "./http.js";
import { withRetries, type RetryPolicy } from "./retry.js";

/** The image types Discord shows inline, with their file extensions. */
export const IMAGE_EXTENSIONS = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
} as const;

/** A content type {@link downloadImage} accepts. */
export type ImageContentType = keyof typeof IMAGE_EXTENSIONS;

/** Options of one download. */
export interface DownloadImageOptions {
  /** Largest accepted image; checked against `Content-Length` first and counted while reading. */
  maxBytes: number;
  /** Time limit of one attempt including redirects. Default 30000. */
  timeoutMs?: number;
  /** Redirects followed at most. Default 3. */
  maxRedirects?: number;
  /** File name without extension. Default: taken from the URL's last path segment, else `image`. */
  fileBaseName?: string;
}

/** A downloaded image, ready to upload as a Discord attachment. */
export interface DownloadedImage {
  bytes: Buffer;
  contentType: ImageContentType;
  /** Safe file name whose extension matches `contentType`, e.g. `grid.png`. */
  fileName: string;
}

/** What {@link downloadImage} needs from its client. Never holds the service token: it is not sent. */
export interface DownloadContext {
  dispatcher: Dispatcher | undefined;
  userAgent: string;
  retry: RetryPolicy;
  now: () => number;
  logger: Logger | undefined;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Generic types some storage services send for any file: the bytes decide then. */
const GENERIC_TYPES = new Set(["application/octet-stream", "binary/octet-stream"]);
const ALIASES: Record<string, ImageContentType> = { "image/jpg": "image/jpeg", "image/pjpeg": "image/jpeg" };

/** Recognises PNG, JPEG, GIF and WebP by their first bytes. */
export function sniffImageType(bytes: Buffer): ImageContentType | undefined {
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0x89504e47) return "image/png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.toString("latin1", 0, 6))) return "image/gif";
  if (
    bytes.length >= 12 &&
    bytes.toString("latin1", 0, 4) === "RIFF" &&
    bytes.toString("latin1", 8, 12) === "WEBP"
  ) {
    return "image/webp";
  }
  return undefined;
}

function mediaType(header: string | string[] | undefined): string | undefined {
  const type = headerValue(header)?.split(";")[0]?.trim().toLowerCase();
  if (!type) return undefined;
  return ALIASES[type] ?? type;
}

function isImageType(type: string | undefined): type is ImageContentType {
  return type !== undefined && Object.hasOwn(IMAGE_EXTENSIONS, type);
}

function httpUrl(value: string, what: AttemptDescription, base?: URL): URL {
  let url: URL | undefined;
  try {
    url = new URL(value, base);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
    const shown = JSON.stringify(String(value).slice(0, 200));
    throw new ImageDownloadError("url", `Cannot download an image from ${shown}: not an http(s) URL.`, {
      request: what.request,
    });
  }
  return url;
}

/** `name` reduced to letters, digits, `-` and `_` (at most 64), or `image`. */
function safeBaseName(name: string): string {
  const clean = name
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 64);
  return clean || "image";
}

function lastPathSegment(url: URL): string {
  const segment = url.pathname.split("/").filter(Boolean).pop() ?? "";
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

async function downloadOnce(
  ctx: DownloadContext,
  start: URL,
  options: Required<Omit<DownloadImageOptions, "fileBaseName">> & Pick<DownloadImageOptions, "fileBaseName">,
  what: AttemptDescription,
  signal: AttemptSignal,
): Promise<DownloadedImage> {
  let url = start;
  for (let hop = 0; ; hop++) {
    // Deliberately no Authorization header: the image host is not the image service.
    const response = await request(url, {
      method: "GET",
      headers: { accept: Object.keys(IMAGE_EXTENSIONS).join(", "), "user-agent": ctx.userAgent },
      signal,
      ...(ctx.dispatcher ? { dispatcher: ctx.dispatcher } : {}),
    });
    const { statusCode: status, headers, body } = response;
    if (REDIRECT_STATUSES.has(status)) {
      discardBody(body);
      const location = headerValue(headers.location);
      if (!location || hop >= options.maxRedirects) {
        const why = location
          ? `more than ${options.maxRedirects} redirects`
          : `a ${status} redirect without Location`;
        throw new ImageDownloadError("redirects", `Image download from ${start.host} failed: ${why}.`, {
          status,
          request: what.request,
        });
      }
      url = httpUrl(location, what, url);
      continue;
    }
    if (status < 200 || status >= 300) {
      discardBody(body);
      throw new ImageDownloadError(
        "status",
        `Image host ${url.host} answered ${status} while ${what.operation}.`,
        {
          status,
          request: what.request,
        },
      );
    }
    const declared = mediaType(headers["content-type"]);
    if (!isImageType(declared) && !(declared === undefined || GENERIC_TYPES.has(declared))) {
      discardBody(body);
      throw new ImageDownloadError(
        "content-type",
        `Image download from ${url.host} failed: got ${declared}, not a PNG, JPEG, WebP or GIF image.`,
        { status, request: what.request },
      );
    }
    const bytes = await readBodyLimited(
      body,
      options.maxBytes,
      headers["content-length"],
      (size) =>
        new ImageDownloadError(
          "too-large",
          `Image from ${url.host} is too large to attach: ${size} bytes, more than the ${options.maxBytes} allowed.`,
          { status, request: what.request },
        ),
    );
    // The bytes win over the header so the extension matches what Discord will decode.
    const contentType = sniffImageType(bytes) ?? (isImageType(declared) ? declared : undefined);
    if (!contentType) {
      throw new ImageDownloadError(
        "content-type",
        `Image download from ${url.host} failed: the body (${declared ?? "no content type"}) is not a PNG, JPEG, WebP or GIF image.`,
        { status, request: what.request },
      );
    }
    const base = safeBaseName(options.fileBaseName ?? lastPathSegment(url));
    return { bytes, contentType, fileName: `${base}.${IMAGE_EXTENSIONS[contentType]}` };
  }
}

/**
 * Downloads an image without the service token, following at most `maxRedirects` http(s) redirects,
 * accepting only PNG, JPEG, WebP and GIF (an `application/octet-stream` body is recognised by its bytes) and
 * stopping past `maxBytes`. Network errors, timeouts and 5xx answers are retried like service reads.
 * @throws {ImageDownloadError} for a bad URL, too many redirects, a non-2xx status, a non-image or an oversize body.
 * @throws {ServiceError} `network` or `timeout` when the image host cannot be reached in time.
 */
export async function downloadImage(
  ctx: DownloadContext,
  url: string,
  options: DownloadImageOptions,
): Promise<DownloadedImage> {
  if (!Number.isInteger(options.maxBytes) || options.maxBytes < 1) {
    throw new RangeError(
      `downloadImage: maxBytes must be a whole number >= 1, got ${String(options.maxBytes)}`,
    );
  }
  const provisional: AttemptDescription = { operation: "downloading an image", request: "GET" };
  const start = httpUrl(url, provisional);
  const what: AttemptDescription = {
    operation: `downloading an image from ${start.host}`,
    request: `GET ${start.origin}${start.pathname}`,
  };
  const resolved = {
    maxBytes: options.maxBytes,
    timeoutMs: options.timeoutMs ?? 30_000,
    maxRedirects: options.maxRedirects ?? 3,
    ...(options.fileBaseName === undefined ? {} : { fileBaseName: options.fileBaseName }),
  };
  return withRetries("idempotent", ctx.retry, async (attempt) => {
    const started = ctx.now();
    const log = { method: "GET", host: start.host, path: start.pathname, attempt };
    try {
      const image = await runWithTimeout(resolved.timeoutMs, what, (signal) =>
        downloadOnce(ctx, start, resolved, what, signal),
      );
      ctx.logger?.debug(
        { ...log, durationMs: ctx.now() - started, bytes: image.bytes.length },
        "image download",
      );
      return image;
    } catch (err) {
      const failure = err instanceof ServiceError ? { kind: err.kind, status: err.status } : { kind: "bug" };
      ctx.logger?.debug({ ...log, durationMs: ctx.now() - started, ...failure }, "image download failed");
      throw err;
    }
  });
}

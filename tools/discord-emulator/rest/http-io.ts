/**
 * Reads request bodies the way Discord accepts them: JSON, or multipart/form-data with `payload_json` and
 * file parts (`files[n]`).
 * @see https://discord.com/developers/docs/reference#uploading-files
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { apiErrors } from "./api-error.js";
import type { UploadedFile } from "../validation/message-payload.js";

/** Discord rejects request bodies above this with 413 (uploads are limited per file separately). */
export const MAX_REQUEST_BYTES = 100 * 1024 * 1024;

/** A parsed request body. */
export interface ParsedBody {
  /** The JSON value (from the body or `payload_json`), undefined when there was none. */
  json: unknown;
  files: UploadedFile[];
}

/** Reads the whole body, refusing bodies above {@link MAX_REQUEST_BYTES}. */
export async function readRawBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_REQUEST_BYTES) throw apiErrors.tooLarge();
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw apiErrors.invalidJson();
  }
}

/** Parses a raw body according to its content type. */
export async function parseBody(raw: Buffer, contentType: string | undefined): Promise<ParsedBody> {
  if (raw.length === 0) return { json: undefined, files: [] };
  const type = (contentType ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data")) return parseMultipart(raw, contentType ?? "");
  return { json: parseJson(raw.toString("utf8")), files: [] };
}

async function parseMultipart(raw: Buffer, contentType: string): Promise<ParsedBody> {
  let form: FormData;
  try {
    form = await new Response(raw, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw apiErrors.invalidJson();
  }
  let json: unknown;
  const files: UploadedFile[] = [];
  for (const [field, value] of form.entries()) {
    if (typeof value === "string") {
      if (field === "payload_json") json = parseJson(value);
      continue;
    }
    const match = /^files\[(\d+)\]$/.exec(field);
    files.push({
      field,
      index: match?.[1] !== undefined ? Number(match[1]) : null,
      filename: value.name || "unknown",
      contentType: value.type || null,
      bytes: Buffer.from(await value.arrayBuffer()),
    });
  }
  return { json, files };
}

/** Sends a JSON response (or an empty one for 204). */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (status === 204 || body === undefined) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

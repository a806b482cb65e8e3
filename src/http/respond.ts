/**
 * Small helpers of the ops server: JSON answers and a request-body reader with a byte limit.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

/** Extras of an answer. */
export interface AnswerExtras {
  /** More response headers (e.g. `Allow`). */
  headers?: Record<string, string>;
  /** Close the connection after answering (when the request body is left unread). */
  closeConnection?: boolean;
}

/** Sends `body` as JSON with `status`. For `HEAD` only the headers go out (same status and length). */
export function sendJson(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: unknown,
  extras: AnswerExtras = {},
): void {
  sendText(req, res, status, "application/json; charset=utf-8", JSON.stringify(body), extras);
}

/** Sends a text body with `status` and `contentType`; for `HEAD` only the headers go out. */
export function sendText(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  contentType: string,
  body: string,
  extras: AnswerExtras = {},
): void {
  if (res.headersSent) return;
  const bytes = Buffer.from(body, "utf8");
  res.writeHead(status, {
    ...extras.headers,
    "Content-Type": contentType,
    "Content-Length": String(bytes.length),
    "Cache-Control": "no-store",
    ...(extras.closeConnection ? { Connection: "close" } : {}),
  });
  if (req.method === "HEAD") res.end();
  else res.end(bytes);
}

/** What {@link readBody} found. */
export type BodyResult = { ok: true; body: Buffer } | { ok: false; reason: "too-large" | "aborted" };

/**
 * Reads the whole request body, stopping as soon as it grows past `maxBytes` (the rest is left unread; the
 * caller answers 413 and closes the connection).
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: BodyResult): void => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onAbort);
      req.off("close", onAbort);
      if (!result.ok) req.pause();
      resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) finish({ ok: false, reason: "too-large" });
      else chunks.push(chunk);
    };
    const onEnd = (): void => finish({ ok: true, body: Buffer.concat(chunks, size) });
    const onAbort = (): void => finish({ ok: false, reason: "aborted" });
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onAbort);
    req.on("close", onAbort);
  });
}

/** Whether a `Content-Type` header names JSON (`application/json` or `application/<x>+json`, any parameters). */
export function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) return false;
  const mediaType = header.split(";", 1)[0]?.trim().toLowerCase() ?? "";
  return mediaType === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
}

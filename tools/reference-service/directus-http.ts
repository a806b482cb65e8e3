/**
 * HTTP plumbing of the reference service, in Directus' conventions: error answers shaped
 * `{"errors": [{"message", "extensions": {"code"}}]}`, JSON answers, bounded body reading, and request
 * targets parsed without ever throwing (a malformed target must not take the service down).
 */
import type { IncomingMessage, ServerResponse } from "node:http";

/** Answers with a Directus-shaped error. */
export function directusError(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify({ errors: [{ message, extensions: { code } }] }));
}

/** Answers 200 with `body` as JSON. */
export function sendJson(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

/** Reads the body up to `max` bytes; null when it is larger (by `Content-Length` or by what arrives). */
export async function readBody(req: IncomingMessage, max: number): Promise<Buffer | null> {
  if (Number(req.headers["content-length"] ?? 0) > max) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * The request target as a URL, or null when it cannot be parsed. An origin-form target (`/path?query`) is
 * appended to a dummy origin rather than resolved against it, so `//items/status` stays a path.
 */
export function parseTarget(target: string | undefined): URL | null {
  const text = target ?? "/";
  try {
    return new URL(text.startsWith("/") ? `http://reference.invalid${text}` : text);
  } catch {
    return null;
  }
}

/** `decodeURIComponent` that answers null for a malformed escape instead of throwing. */
export function decodePathSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * Waits `ms`, or less if the response closes first (the client gave up, or the service is closing);
 * resolves to whether the response can still be written. Leaves no timer behind either way.
 */
export function waitUnlessClosed(ms: number, res: ServerResponse): Promise<boolean> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      res.off("close", done);
      resolve(!res.destroyed && !res.writableEnded);
    };
    const timer = setTimeout(done, ms);
    res.on("close", done);
  });
}

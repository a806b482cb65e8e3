/**
 * Serves the demo page (demo/page/) from memory: HTML, CSS and browser modules, no CDN, so it works
 * offline. Everything else falls through to the emulator (its control API and Discord's API).
 */
import { readdir, readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join } from "node:path";

const PAGE_DIR = join(import.meta.dirname, "page");
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
};

/** A handler for `/` and the page's files; answers false for anything else. */
export async function pageHandler(): Promise<
  (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>
> {
  const files = new Map<string, { type: string; body: Buffer }>();
  for (const name of await readdir(PAGE_DIR)) {
    const type = TYPES[extname(name)];
    if (type) files.set(`/${name}`, { type, body: await readFile(join(PAGE_DIR, name)) });
  }
  return async (req, res, url) => {
    if (url.pathname === "/favicon.ico") {
      res.writeHead(204).end();
      return true;
    }
    const file = files.get(url.pathname === "/" ? "/index.html" : url.pathname);
    if (!file || req.method !== "GET") return false;
    res.writeHead(200, { "content-type": file.type, "cache-control": "no-store" });
    res.end(file.body);
    return true;
  };
}

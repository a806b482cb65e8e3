/**
 * `GET /assets/...`: the images records point at, rendered on first download and cached. No token is
 * needed, as upstream. What a path names is the profile's business (record-media.ts).
 */
import type { ServerResponse } from "node:http";
import { directusError } from "./directus-http.js";
import { renderAsset, renderUpscaled, type AssetCache, type RenderedAsset } from "./images.js";
import type { JobBook } from "./job-book.js";
import type { AssetRef } from "./record-media.js";

/** Answers the download of `ref` (null: no such asset). */
export async function serveAsset(
  res: ServerResponse,
  ref: AssetRef | null,
  book: JobBook,
  cache: AssetCache,
): Promise<void> {
  const record = ref ? book.get(ref.recordId) : undefined;
  const upscale = ref ? book.upscaleOf(ref.recordId) : undefined;
  const isPreview = ref?.kind === "preview";
  // An upscale record has its own image and previews; a grid record has no upscale image.
  const known = upscale
    ? isPreview || (ref?.kind === "upscale" && ref.factor === upscale.factor)
    : ref?.kind !== "upscale";
  if (!ref || !record || !known || ref.progress > 100)
    return directusError(res, 404, "ROUTE_NOT_FOUND", "No such asset.");
  const prompt = record.prompt ?? "";
  const render = (): Promise<RenderedAsset> => {
    if (upscale) {
      const factor = Number.parseInt(upscale.factor, 10);
      return renderUpscaled(prompt, upscale.index, factor, isPreview ? ref.progress : null);
    }
    return renderAsset(prompt, ref.kind === "upscale" ? "grid" : ref.kind, ref.progress);
  };
  const asset = await cache.get(`${record.id}/${ref.kind}/${ref.progress}`, render);
  res.writeHead(200, {
    "content-type": asset.contentType,
    "content-length": asset.bytes.length,
    "cache-control": "public, max-age=86400",
  });
  res.end(asset.bytes);
}

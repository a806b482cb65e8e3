/**
 * Procedural images for the reference service: deterministic from the prompt, the four quadrants of a grid
 * visibly different, the aspect ratio taken from `--ar W:H`. Rendered from SVG with sharp, lazily, and
 * cached (bounded) so thousands of jobs cost nothing until someone downloads an image.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";

export type AssetKind = "grid" | "u1" | "u2" | "u3" | "u4" | "preview";

export interface RenderedAsset {
  bytes: Buffer;
  contentType: "image/png" | "image/webp";
}

/** `--ar W:H` of a prompt, whole numbers, else 1:1. */
export function aspectRatioOf(prompt: string): { width: number; height: number } {
  const match = /(?:^|\s)--(?:ar|aspect)\s+(\d{1,4}):(\d{1,4})(?=\s|$)/.exec(prompt);
  const w = Number(match?.[1] ?? 1);
  const h = Number(match?.[2] ?? 1);
  return w > 0 && h > 0 ? { width: w, height: h } : { width: 1, height: 1 };
}

/** Pixel size with the long side `longSide`, keeping the prompt's aspect ratio. */
export function sizeFor(prompt: string, longSide: number): { width: number; height: number } {
  const { width, height } = aspectRatioOf(prompt);
  const scale = longSide / Math.max(width, height);
  return { width: Math.max(8, Math.round(width * scale)), height: Math.max(8, Math.round(height * scale)) };
}

function hueOf(text: string): number {
  return createHash("sha256").update(text).digest().readUInt16BE(0) % 360;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The words of the prompt without image URLs and parameters, for the caption. */
function caption(prompt: string): string {
  const words = prompt.split(/\s+/).filter((w) => !/^https?:\/\//.test(w));
  const cut = words.findIndex((w) => w.startsWith("--"));
  return (cut === -1 ? words : words.slice(0, cut)).join(" ").slice(0, 60) || "untitled";
}

/** One tile: a gradient and shapes seeded by prompt and quadrant, a big label, the caption. */
function tileSvg(
  prompt: string,
  quadrant: number,
  x: number,
  y: number,
  w: number,
  h: number,
  label: string,
): string {
  const hue = (hueOf(prompt) + quadrant * 90) % 360;
  const seed = createHash("sha256").update(`${prompt}#${quadrant}`).digest();
  const circles = [0, 1, 2, 3, 4]
    .map((i) => {
      const cx = ((seed[i * 3] ?? 0) / 255) * w;
      const cy = ((seed[i * 3 + 1] ?? 0) / 255) * h;
      const r = (0.08 + ((seed[i * 3 + 2] ?? 0) / 255) * 0.2) * Math.min(w, h);
      return `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${r.toFixed(1)}" fill="hsl(${(hue + i * 40) % 360},70%,60%)" fill-opacity="0.6"/>`;
    })
    .join("");
  const size = Math.round(Math.min(w, h) / 3);
  // A nested <svg> clips the tile's shapes to its own quadrant.
  return `<svg x="${x}" y="${y}" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="hsl(${hue},55%,35%)"/>${circles}
<text x="${w / 2}" y="${h / 2 + size / 3}" font-family="sans-serif" font-size="${size}" font-weight="bold" text-anchor="middle" fill="white" fill-opacity="0.9">${label}</text>
<text x="8" y="${h - 10}" font-family="sans-serif" font-size="${Math.max(10, Math.round(size / 5))}" fill="white">${escapeXml(caption(prompt))}</text></svg>`;
}

function svg(width: number, height: number, body: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`,
  );
}

/** A low-resolution WebP preview of `image` at `progress` percent: blurred, the rest under a grey veil. */
async function preview(image: sharp.Sharp, width: number, height: number, progress: number) {
  const veil = `<rect x="0" y="${(height * progress) / 100}" width="${width}" height="${height}" fill="gray" fill-opacity="0.7"/>`;
  const base = await image.png().toBuffer();
  const bytes = await sharp(base)
    .composite([{ input: svg(width, height, veil) }])
    .blur(2)
    .webp({ quality: 50 })
    .toBuffer();
  return { bytes, contentType: "image/webp" as const };
}

/**
 * Renders one asset of a job: the 2x2 grid (1024 on the long side), a single image U1-U4 (512), or a
 * low-resolution WebP preview of the grid at `progress` percent (blurred, partly revealed).
 */
export async function renderAsset(prompt: string, kind: AssetKind, progress = 0): Promise<RenderedAsset> {
  if (kind === "grid" || kind === "preview") {
    const { width, height } = sizeFor(prompt, kind === "grid" ? 1024 : 256);
    const w = width / 2;
    const h = height / 2;
    const tiles = [0, 1, 2, 3].map((q) =>
      tileSvg(prompt, q, (q % 2) * w, Math.floor(q / 2) * h, w, h, String(q + 1)),
    );
    const image = sharp(svg(width, height, tiles.join("")));
    if (kind === "grid") return { bytes: await image.png().toBuffer(), contentType: "image/png" };
    return preview(image, width, height, progress);
  }
  const quadrant = Number(kind.slice(1)) - 1;
  const { width, height } = sizeFor(prompt, 512);
  const bytes = await sharp(
    svg(width, height, tileSvg(prompt, quadrant, 0, 0, width, height, `U${quadrant + 1}`)),
  )
    .png()
    .toBuffer();
  return { bytes, contentType: "image/png" };
}

/**
 * Longest side of an upscaled image: a single image's 512 times the factor, but at most this, so a 12x
 * upscale of a procedural picture stays quick to render and small enough to upload to Discord.
 */
export const MAX_UPSCALED_SIDE = 2048;

/**
 * Renders an upscale record's image: single image U(`index`+1) of the prompt's grid, the same picture
 * larger (512 x `factor` on the long side, at most {@link MAX_UPSCALED_SIDE}), labelled with the factor;
 * or, with `progress` set, its low-resolution WebP preview.
 */
export async function renderUpscaled(
  prompt: string,
  index: number,
  factor: number,
  progress: number | null = null,
): Promise<RenderedAsset> {
  const side = progress === null ? Math.min(512 * factor, MAX_UPSCALED_SIDE) : 256;
  const { width, height } = sizeFor(prompt, side);
  const label = `U${index + 1} ${factor}×`;
  const image = sharp(svg(width, height, tileSvg(prompt, index, 0, 0, width, height, label)));
  if (progress !== null) return preview(image, width, height, progress);
  return { bytes: await image.png().toBuffer(), contentType: "image/png" };
}

/** A small LRU cache of rendered assets. */
export class AssetCache {
  private readonly entries = new Map<string, Promise<RenderedAsset>>();

  constructor(private readonly capacity = 64) {}

  get(key: string, render: () => Promise<RenderedAsset>): Promise<RenderedAsset> {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const made = render();
    made.catch(() => this.entries.delete(key));
    this.entries.set(key, made);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return made;
  }
}

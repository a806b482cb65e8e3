/**
 * How each kind of server names and numbers what a running job shows: its `progress` values, the URL of
 * each preview, the grid and single images at completion, and which asset a download path names.
 *
 * - hosted: progress in tenths of the run (10, 20, ... 90), assets under the record's id
 *   (`/assets/<record id>/grid.png`, `u1.png`, `preview-30.webp`, `upscale-2x.png`).
 * - self-hosted (service-facts.md, "While running"): progress 0, 31, 62, 93 in a four-tick run (spread over
 *   the run's ticks), every image its own file `<PUBLIC_URL>/assets/<file id>/<file id>.webp|png`, a new
 *   preview file per tick, `results` the grid's file id.
 */
import type { AssetKind } from "./images.js";
import { flat, newId, type ServiceProfile, type ServiceRecord, type UpscaleFactor } from "./record.js";

/** A file a record shows: its grid, one of its single images, a preview at `progress`, or its upscale. */
export type AssetFileKind = AssetKind | "upscale";

/** The asset a download path names. */
export interface AssetRef {
  recordId: string;
  kind: AssetFileKind;
  /** The preview's progress (0 for other kinds). */
  progress: number;
  /** The factor an `upscale` path names (hosted). */
  factor?: string;
}

/** What a completed grid record carries. */
export type GridFields = Pick<ServiceRecord, "url" | "results" | "upscaled_urls" | "upscaled">;

/** One profile's progress values and asset URLs. */
export interface RecordMedia {
  /** Progress after `tick` of a `steps`-tick run: a whole number; 100 or more means done. */
  progressAt(tick: number, steps: number): number;
  /** Where a job matching the hang pattern stops. */
  hangProgress(steps: number): number;
  /** A preview URL of the record at `progress` (a new file on self-hosted). */
  previewUrl(recordId: string, progress: number): string;
  /** The grid and the four single images (top-left, top-right, bottom-left, bottom-right). */
  grid(recordId: string): GridFields;
  /** The single enlarged image of an upscale record (hosted only). */
  upscale(recordId: string, factor: UpscaleFactor): Pick<ServiceRecord, "url" | "results">;
  /** The asset `path` (`/assets/...`) names, or null. */
  resolve(path: string): AssetRef | null;
}

/** `upscaled` lists the single images' file ids in another order than `upscaled_urls`, as upstream. */
function shuffledIds(ids: readonly string[]): string[] {
  return [ids[2]!, ids[0]!, ids[3]!, ids[1]!];
}

const QUADRANTS = ["u1", "u2", "u3", "u4"] as const;

const HOSTED_ASSET =
  /^\/assets\/([0-9a-f-]{36})\/(grid\.png|u[1-4]\.png|upscale-\d{1,2}x\.png|preview-(\d{1,3})\.webp)$/;

function hostedMedia(base: () => string): RecordMedia {
  const url = (id: string, file: string) => flat(`${base()}/assets/${id}/${file}`);
  return {
    progressAt: (tick, steps) => Math.round((tick / Math.max(1, steps)) * 100),
    hangProgress: () => 42,
    previewUrl: (id, progress) => url(id, `preview-${progress}.webp`),
    grid: (id) => ({
      url: url(id, "grid.png"),
      results: newId(),
      upscaled_urls: QUADRANTS.map((q) => url(id, `${q}.png`)),
      upscaled: shuffledIds(QUADRANTS.map(newId)),
    }),
    upscale: (id, factor) => ({ url: url(id, `upscale-${factor}.png`), results: newId() }),
    resolve(path) {
      const match = HOSTED_ASSET.exec(path);
      if (!match) return null;
      const file = match[2]!;
      const kind = file.startsWith("preview")
        ? "preview"
        : file.startsWith("upscale")
          ? "upscale"
          : (file.slice(0, file.indexOf(".")) as AssetKind);
      const progress = Number(match[3] ?? 0);
      const ref: AssetRef = { recordId: match[1]!, kind, progress };
      return kind === "upscale" ? { ...ref, factor: file.slice("upscale-".length, -".png".length) } : ref;
    },
  };
}

const SELF_HOSTED_ASSET = /^\/assets\/([0-9a-f-]{36})(?:\/([0-9a-f-]{36})\.(webp|png))?$/;

function selfHostedMedia(base: () => string): RecordMedia {
  /** Every file ever named, by file id. */
  const files = new Map<string, AssetRef>();
  const file = (ref: AssetRef): { id: string; url: string } => {
    const id = newId();
    files.set(id, ref);
    const extension = ref.kind === "preview" ? "webp" : "png";
    return { id, url: flat(`${base()}/assets/${id}/${id}.${extension}`) };
  };
  const progressAt = (tick: number, steps: number) =>
    tick >= steps ? 100 : Math.round((tick * 93) / Math.max(1, steps - 1));
  return {
    progressAt,
    hangProgress: (steps) => Math.min(93, progressAt(1, Math.max(2, steps))),
    previewUrl: (recordId, progress) => file({ recordId, kind: "preview", progress }).url,
    grid(recordId) {
      const grid = file({ recordId, kind: "grid", progress: 0 });
      const singles = QUADRANTS.map((kind) => file({ recordId, kind, progress: 0 }));
      return {
        url: grid.url,
        results: grid.id,
        upscaled_urls: singles.map((s) => s.url),
        upscaled: shuffledIds(singles.map((s) => s.id)),
      };
    },
    upscale() {
      throw new Error("a self-hosted server has no upscale");
    },
    resolve(path) {
      const match = SELF_HOSTED_ASSET.exec(path);
      if (!match || (match[2] !== undefined && match[2] !== match[1])) return null;
      const ref = files.get(match[1]!);
      if (!ref || (match[3] !== undefined && match[3] !== (ref.kind === "preview" ? "webp" : "png"))) {
        return null;
      }
      return ref;
    },
  };
}

/** The progress values and asset URLs of `profile`; `base` gives the public URL assets start with. */
export function recordMedia(profile: ServiceProfile, base: () => string): RecordMedia {
  return profile === "hosted" ? hostedMedia(base) : selfHostedMedia(base);
}

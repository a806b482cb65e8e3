/**
 * The reference service's records and their lifecycle on one clock: `pending` (a queue with limited
 * concurrency; it waits while the service is not healthy) -> `in-progress` with progress ticks and a
 * changing preview URL -> `completed` (grid + four upscaled images) or `failed`. One timer drives every
 * job; in manual mode nothing moves until {@link JobBook.advance} is called.
 */
import { randomUUID } from "node:crypto";
import { newImageRecord } from "../../src/service/record-factory.js";
import { isFinished, type ImageRecord, type UpscaleFactor } from "../../src/service/schema.js";

/** What `/items/status` reports as `bot_status`. */
export type BotStatus = "healthy" | "unhealthy" | "starting" | "paused";

/** How jobs behave; every field may be changed at run time. */
export interface LifecycleSettings {
  /** Progress ticks from start to completion. */
  steps: number;
  /** Jobs in progress at once; the rest wait in `pending`. */
  concurrency: number;
  /** Prompts containing one of these words (whole word, any case) fail with a Midjourney moderation message. */
  bannedWords: string[];
  /** Prompts matching this fail at their first tick with `failError`. */
  failPattern: RegExp | null;
  failError: string;
  /** Prompts matching this never finish: they stay in progress, stuck below 100. */
  hangPattern: RegExp | null;
}

/**
 * `randomUUID()` and template literals return V8 rope strings of ~500 bytes; a flat copy is ~60. Records are
 * kept for the life of the service (benchmarks create tens of thousands), so stored ids and URLs are
 * flattened. Only for well-formed text: lone surrogates would not survive the round trip.
 */
function flat(text: string): string {
  return Buffer.from(text, "utf8").toString("utf8");
}

function newId(): string {
  return flat(randomUUID());
}

/** `RegExp.test` without the `lastIndex` state a `g` or `y` flag would carry from one prompt to the next. */
function matches(pattern: RegExp | null, text: string): boolean {
  if (!pattern) return false;
  pattern.lastIndex = 0;
  return pattern.test(text);
}

/** What an upscale record enlarges: image `index` (0-based, U1 = 0) of its parent's grid, by `factor`. */
export interface UpscaleOf {
  index: number;
  factor: UpscaleFactor;
}

interface Entry {
  record: ImageRecord;
  /** Ticks the job has been in progress. */
  ticks: number;
  /** Set for a record made by the upscale endpoint. */
  upscale?: UpscaleOf;
}

/** Builds asset URLs for a record. */
export type AssetUrl = (id: string, file: string) => string;

/** A new `pending` record, as `POST /items/images` creates it (newlines in the prompt become spaces). */
function newRecord(
  prompt: string,
  ref: string | null,
  userId: string,
  parentId: string | null = null,
): ImageRecord {
  return newImageRecord({
    id: newId(),
    prompt: prompt.replace(/[\r\n]+/g, " "),
    user_created: userId,
    date_created: new Date().toISOString(),
    ref,
    parent_id: parentId,
  });
}

/** Every record of the service, the queue of pending jobs and the set of running ones. */
export class JobBook {
  /** Every record by id, kept for the life of the service. */
  readonly records = new Map<string, Entry>();
  /** Pending ids in arrival order; `queueHead` is the next one (no `shift()`: it copies large arrays). */
  private queue: string[] = [];
  private queueHead = 0;
  private running = new Set<string>();
  /** While not `healthy`, pending jobs do not start. */
  botStatus: BotStatus = "healthy";

  private readonly assetUrl: AssetUrl;

  constructor(
    readonly settings: LifecycleSettings,
    assetUrl: AssetUrl,
    private readonly onUpdate: (record: ImageRecord, event: "create" | "update") => void,
  ) {
    this.assetUrl = (id, file) => flat(assetUrl(id, file));
  }

  /** Creates a `pending` record; banned prompts are accepted and fail at their first tick, as upstream. */
  create(prompt: string, ref: string | null, userId: string): ImageRecord {
    return this.enqueue({ record: newRecord(prompt, ref, userId), ticks: 0 });
  }

  /**
   * Creates a `pending` upscale record of image `upscale.index` of the completed grid `parent`: it carries
   * the parent's prompt and `parent_id`, waits in the same queue and runs the same lifecycle, and ends with
   * one image as `url` (no grid, no `upscaled_urls`). The caller has checked the parent and the values.
   */
  createUpscale(parent: ImageRecord, upscale: UpscaleOf, ref: string | null, userId: string): ImageRecord {
    return this.enqueue({ record: newRecord(parent.prompt, ref, userId, parent.id), ticks: 0, upscale });
  }

  /** What the record enlarges, when it is an upscale record. */
  upscaleOf(id: string): UpscaleOf | undefined {
    return this.records.get(id)?.upscale;
  }

  private enqueue(entry: Entry): ImageRecord {
    this.records.set(entry.record.id, entry);
    this.queue.push(entry.record.id);
    this.onUpdate(entry.record, "create");
    return entry.record;
  }

  /**
   * Adds a record already `in-progress` at `progress` that no tick moves (benchmarks: jobs in flight that
   * stay in flight). `completeNow` and `failNow` still end it.
   */
  seedInProgress(prompt: string, userId: string, progress: number): ImageRecord {
    const pending = newRecord(prompt, null, userId);
    const url = this.assetUrl(pending.id, `preview-${progress}.webp`);
    const record: ImageRecord = { ...pending, status: "in-progress", progress, url };
    this.records.set(record.id, { record, ticks: 0 });
    return record;
  }

  /** The record with this id, if any. */
  get(id: string): ImageRecord | undefined {
    return this.records.get(id)?.record;
  }

  /** Moves every job one step: queued jobs start (if healthy and a slot is free), running jobs progress. */
  tick(): void {
    for (const id of [...this.running]) this.progress(id);
    if (this.botStatus !== "healthy") return;
    while (this.running.size < this.settings.concurrency && this.queueHead < this.queue.length) {
      const id = this.queue[this.queueHead++]!;
      const entry = this.records.get(id);
      if (!entry || entry.record.status !== "pending") continue;
      const refusal = this.refusal(entry.record.prompt);
      if (refusal) {
        this.finish(entry, { status: "failed", error: refusal });
        continue;
      }
      this.running.add(id);
      this.update(entry, { status: "in-progress", progress: 0 });
    }
    if (this.queueHead > 1024 && this.queueHead * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.queueHead);
      this.queueHead = 0;
    }
  }

  /** Runs `steps` ticks (manual mode and tests). */
  advance(steps = 1): void {
    for (let i = 0; i < steps; i++) this.tick();
  }

  /** Completes a job at once (tests); a job already finished is returned unchanged. */
  completeNow(id: string): ImageRecord {
    const entry = this.require(id);
    if (!isFinished(entry.record.status)) this.finish(entry, this.completedFields(entry));
    return entry.record;
  }

  /** Fails a job at once with `error` (tests); a job already finished is returned unchanged. */
  failNow(id: string, error: string): ImageRecord {
    const entry = this.require(id);
    if (!isFinished(entry.record.status)) this.finish(entry, { status: "failed", error });
    return entry.record;
  }

  /** Jobs running or waiting to start. */
  get inFlight(): number {
    return this.running.size + this.queue.length - this.queueHead;
  }

  private refusal(prompt: string): string | null {
    const lower = prompt.toLowerCase();
    const banned = this.settings.bannedWords.find((w) =>
      new RegExp(
        `(^|[^\\p{L}\\p{N}])${w.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}\\p{N}])`,
        "u",
      ).test(lower),
    );
    if (banned) {
      return `Midjourney message: Banned prompt detected. Sorry! Our AI moderators feel your prompt might be against our community standards. The word "${banned}" is banned.`;
    }
    if (matches(this.settings.failPattern, prompt)) return this.settings.failError;
    return null;
  }

  private progress(id: string): void {
    const entry = this.records.get(id);
    if (!entry || entry.record.status !== "in-progress") {
      this.running.delete(id);
      return;
    }
    entry.ticks++;
    const steps = Math.max(1, this.settings.steps);
    const percent = Math.min(100, Math.round((entry.ticks / steps) * 100));
    if (matches(this.settings.hangPattern, entry.record.prompt)) {
      if (entry.ticks === 1) this.update(entry, { progress: 42, url: this.assetUrl(id, "preview-42.webp") });
      return;
    }
    if (percent >= 100) this.finish(entry, this.completedFields(entry));
    else this.update(entry, { progress: percent, url: this.assetUrl(id, `preview-${percent}.webp`) });
  }

  private completedFields({ record, upscale }: Entry): Partial<ImageRecord> {
    if (upscale) {
      return {
        status: "completed",
        progress: null,
        url: this.assetUrl(record.id, `upscale-${upscale.factor}.png`),
        results: newId(),
      };
    }
    const files = [1, 2, 3, 4].map(newId);
    return {
      status: "completed",
      progress: null,
      url: this.assetUrl(record.id, "grid.png"),
      results: newId(),
      upscaled_urls: [1, 2, 3, 4].map((n) => this.assetUrl(record.id, `u${n}.png`)),
      // The real service lists file ids in another order than upscaled_urls.
      upscaled: [files[2]!, files[0]!, files[3]!, files[1]!],
    };
  }

  private finish(entry: Entry, fields: Partial<ImageRecord>): void {
    this.running.delete(entry.record.id);
    this.update(entry, { progress: null, ...fields });
  }

  private update(entry: Entry, fields: Partial<ImageRecord>): void {
    entry.record = { ...entry.record, ...fields };
    this.onUpdate(entry.record, "update");
  }

  private require(id: string): Entry {
    const entry = this.records.get(id);
    if (!entry) throw new Error(`no record ${id}`);
    return entry;
  }
}

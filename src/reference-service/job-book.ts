/**
 * The reference service's records and their lifecycle on one clock: `pending` (a queue with limited
 * concurrency; it waits while the service is not healthy) -> `in-progress` with progress ticks and a
 * changing preview URL -> `completed` (grid + four upscaled images) or `failed`. One timer drives every
 * job; in manual mode nothing moves until {@link JobBook.advance} is called.
 */
import { randomUUID } from "node:crypto";
import type { ImageRecord } from "../service/schema.js";

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

interface Entry {
  record: ImageRecord;
  /** Ticks the job has been in progress. */
  ticks: number;
}

/** Builds asset URLs for a record. */
export type AssetUrl = (id: string, file: string) => string;

export class JobBook {
  readonly records = new Map<string, Entry>();
  private readonly queue: string[] = [];
  private running = new Set<string>();
  botStatus: BotStatus = "healthy";

  constructor(
    readonly settings: LifecycleSettings,
    private readonly assetUrl: AssetUrl,
    private readonly onUpdate: (record: ImageRecord, event: "create" | "update") => void,
  ) {}

  /** Creates a `pending` record; banned prompts are accepted and fail at their first tick, as upstream. */
  create(prompt: string, ref: string | null, userId: string): ImageRecord {
    const record: ImageRecord = {
      id: randomUUID(),
      prompt: prompt.replace(/[\r\n]+/g, " "),
      results: null,
      user_created: userId,
      date_created: new Date().toISOString(),
      status: "pending",
      progress: null,
      url: null,
      error: null,
      upscaled_urls: null,
      upscaled: [],
      ref,
      parent_id: null,
    };
    this.records.set(record.id, { record, ticks: 0 });
    this.queue.push(record.id);
    this.onUpdate(record, "create");
    return record;
  }

  /**
   * Adds a record already `in-progress` at `progress` that no tick moves (benchmarks: jobs in flight that
   * stay in flight). `completeNow` and `failNow` still end it.
   */
  seedInProgress(prompt: string, userId: string, progress: number): ImageRecord {
    const id = randomUUID();
    const record: ImageRecord = {
      id,
      prompt,
      results: null,
      user_created: userId,
      date_created: new Date().toISOString(),
      status: "in-progress",
      progress,
      url: this.assetUrl(id, `preview-${progress}.webp`),
      error: null,
      upscaled_urls: null,
      upscaled: [],
      ref: null,
      parent_id: null,
    };
    this.records.set(id, { record, ticks: 0 });
    return record;
  }

  get(id: string): ImageRecord | undefined {
    return this.records.get(id)?.record;
  }

  /** Moves every job one step: queued jobs start (if healthy and a slot is free), running jobs progress. */
  tick(): void {
    for (const id of [...this.running]) this.progress(id);
    if (this.botStatus !== "healthy") return;
    while (this.running.size < this.settings.concurrency && this.queue.length > 0) {
      const id = this.queue.shift()!;
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
  }

  /** Runs `steps` ticks (manual mode and tests). */
  advance(steps = 1): void {
    for (let i = 0; i < steps; i++) this.tick();
  }

  /** Completes a job at once (tests). */
  completeNow(id: string): ImageRecord {
    const entry = this.require(id);
    this.finish(entry, this.completedFields(entry.record));
    return entry.record;
  }

  /** Fails a job at once with `error` (tests). */
  failNow(id: string, error: string): ImageRecord {
    const entry = this.require(id);
    this.finish(entry, { status: "failed", error });
    return entry.record;
  }

  get inFlight(): number {
    return this.running.size + this.queue.length;
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
    if (this.settings.failPattern?.test(prompt)) return this.settings.failError;
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
    if (this.settings.hangPattern?.test(entry.record.prompt)) {
      if (entry.ticks === 1) this.update(entry, { progress: 42, url: this.assetUrl(id, "preview-42.webp") });
      return;
    }
    if (percent >= 100) this.finish(entry, this.completedFields(entry.record));
    else this.update(entry, { progress: percent, url: this.assetUrl(id, `preview-${percent}.webp`) });
  }

  private completedFields(record: ImageRecord): Partial<ImageRecord> {
    const files = [1, 2, 3, 4].map(() => randomUUID());
    return {
      status: "completed",
      progress: null,
      url: this.assetUrl(record.id, "grid.png"),
      results: randomUUID(),
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

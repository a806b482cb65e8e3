/**
 * The reference service's records and their lifecycle on one clock: `pending` (a queue with limited
 * concurrency; it waits while the service is not healthy) -> `in-progress` with progress ticks and a
 * changing preview URL -> `completed` (grid + four upscaled images) or `failed`. One timer drives every
 * job; in manual mode nothing moves until {@link JobBook.advance} is called.
 */
import type { RecordMedia } from "./record-media.js";
import { isFinished, newRecord, type ServiceRecord, type UpscaleFactor } from "./record.js";

/** What `/items/status` reports as `bot_status` once the service's bot has reported. */
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
  /** The Midjourney account's own speed, used when a prompt names none (`--fast`, `--turbo`, `--relax`). */
  accountMode: "fast" | "turbo" | "relax";
  /**
   * Jobs in relax mode fail at their first tick with Midjourney's progress line as the error, as a
   * self-hosted ImagineAPI does (midjourney-facts.md, "Speeds"). Default: on for the self-hosted profile.
   */
  relaxFails: boolean;
  /**
   * The server's ImagineAPI is out of date (Midjourney changed its `/imagine` command): every job fails
   * at its first tick with `Image not sent to API`, `Timeout after prompt was sent` or `Timeout while
   * waiting to start`, in turn, while `/items/status` stays as it is (midjourney-facts.md).
   */
  outdated: boolean;
  /**
   * The Midjourney account behind the server got a notice (blocked, a moderation message to acknowledge…):
   * every job fails at its first tick with `Midjourney message: <this text>`, as a self-hosted ImagineAPI
   * passes it on (midjourney-facts.md, "Notices about the account"). Null: none.
   */
  accountNotice: string | null;
}

/** The errors of an out-of-date self-hosted server, in the order its jobs get them. */
export const OUTDATED_ERRORS = [
  "Image not sent to API",
  "Timeout after prompt was sent",
  "Timeout while waiting to start",
] as const;

/** The user id Midjourney's progress line mentions (the operator's Discord account). */
const OPERATOR_MENTION = "<@1100000000000000042>";

/** The speed a prompt runs at: its last `--fast`/`--turbo`/`--relax`, else the account's mode. */
function speedOf(prompt: string, accountMode: LifecycleSettings["accountMode"]): string {
  const named = [...prompt.matchAll(/(?:^|\s)--(fast|turbo|relax)(?=\s|$)/gi)].pop()?.[1];
  return named?.toLowerCase() ?? accountMode;
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
  record: ServiceRecord;
  /** Ticks the job has been in progress. */
  ticks: number;
  /** Set for a record made by the upscale endpoint. */
  upscale?: UpscaleOf;
}

/** Every record of the service, the queue of pending jobs and the set of running ones. */
export class JobBook {
  /** Every record by id, kept for the life of the service. */
  readonly records = new Map<string, Entry>();
  /** Pending ids in arrival order; `queueHead` is the next one (no `shift()`: it copies large arrays). */
  private queue: string[] = [];
  private queueHead = 0;
  private running = new Set<string>();
  /** Jobs failed as an out-of-date server fails them: which of {@link OUTDATED_ERRORS} comes next. */
  private outdatedFailures = 0;
  /** Whether pending jobs start: the service's bot is healthy (and running). */
  accepting = true;

  constructor(
    readonly settings: LifecycleSettings,
    private readonly media: RecordMedia,
    private readonly onUpdate: (record: ServiceRecord, event: "create" | "update") => void,
  ) {}

  /** Creates a `pending` record; banned prompts are accepted and fail at their first tick, as upstream. */
  create(prompt: string, ref: string | null, userId: string): ServiceRecord {
    return this.enqueue({ record: newRecord({ prompt, ref, user_created: userId }), ticks: 0 }, true);
  }

  /**
   * Creates a record from the fields a self-hosted server's create takes (already checked). It is queued
   * only when it is `pending` with a prompt: an empty or absent prompt, or another status, stays as it is.
   */
  createFrom(fields: Partial<ServiceRecord>, userId: string): ServiceRecord {
    const record = newRecord({ ...fields, user_created: userId });
    return this.enqueue({ record, ticks: 0 }, record.status === "pending" && !!record.prompt);
  }

  /** Adds a record another client wrote, as it is: it is never queued. */
  insert(record: ServiceRecord): ServiceRecord {
    return this.enqueue({ record, ticks: 0 }, false);
  }

  /**
   * Creates a `pending` upscale record of image `upscale.index` of the completed grid `parent`: it carries
   * the parent's prompt and `parent_id`, waits in the same queue and runs the same lifecycle, and ends with
   * one image as `url` (no grid, no `upscaled_urls`). The caller has checked the parent and the values.
   */
  createUpscale(
    parent: ServiceRecord,
    upscale: UpscaleOf,
    ref: string | null,
    userId: string,
  ): ServiceRecord {
    const record = newRecord({ prompt: parent.prompt, ref, user_created: userId, parent_id: parent.id });
    return this.enqueue({ record, ticks: 0, upscale }, true);
  }

  /** What the record enlarges, when it is an upscale record. */
  upscaleOf(id: string): UpscaleOf | undefined {
    return this.records.get(id)?.upscale;
  }

  private enqueue(entry: Entry, queued: boolean): ServiceRecord {
    this.records.set(entry.record.id, entry);
    if (queued) {
      this.queue.push(entry.record.id);
      this.unfinished.add(entry.record.id);
      this.maxInFlight = Math.max(this.maxInFlight, this.unfinished.size);
    }
    this.onUpdate(entry.record, "create");
    return entry.record;
  }

  /**
   * Adds a record already `in-progress` at `progress` that no tick moves (benchmarks: jobs in flight that
   * stay in flight). `completeNow` and `failNow` still end it.
   */
  seedInProgress(prompt: string, userId: string, progress: number): ServiceRecord {
    const pending = newRecord({ prompt, user_created: userId });
    const url = this.media.previewUrl(pending.id, progress);
    const record: ServiceRecord = { ...pending, status: "in-progress", progress, url };
    this.records.set(record.id, { record, ticks: 0 });
    return record;
  }

  /** Every record, oldest first. */
  *allRecords(): IterableIterator<ServiceRecord> {
    for (const entry of this.records.values()) yield entry.record;
  }

  /** The record with this id, if any. */
  get(id: string): ServiceRecord | undefined {
    return this.records.get(id)?.record;
  }

  /** Moves every job one step: queued jobs start (if accepting and a slot is free), running jobs progress. */
  tick(): void {
    for (const id of [...this.running]) this.progress(id);
    if (!this.accepting) return;
    while (this.running.size < this.settings.concurrency && this.queueHead < this.queue.length) {
      const id = this.queue[this.queueHead++]!;
      const entry = this.records.get(id);
      if (!entry || entry.record.status !== "pending") continue;
      const refusal = this.refusal(entry.record.prompt ?? "");
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
  completeNow(id: string): ServiceRecord {
    const entry = this.require(id);
    if (!isFinished(entry.record.status)) this.finish(entry, this.completedFields(entry));
    return entry.record;
  }

  /** Fails a job at once with `error` (tests); a job already finished is returned unchanged. */
  failNow(id: string, error: string): ServiceRecord {
    const entry = this.require(id);
    if (!isFinished(entry.record.status)) this.finish(entry, { status: "failed", error });
    return entry.record;
  }

  /**
   * The most jobs it held unfinished (running or waiting to start) at any moment: what a pool's slots must
   * bound, counted by the service itself.
   */
  maxInFlight = 0;
  /** Queued records not finished yet (a record completed by hand may still sit in the queue). */
  private readonly unfinished = new Set<string>();

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
    if (this.settings.accountNotice !== null) return `Midjourney message: ${this.settings.accountNotice}`;
    if (this.settings.outdated) return OUTDATED_ERRORS[this.outdatedFailures++ % OUTDATED_ERRORS.length]!;
    if (this.settings.relaxFails && speedOf(prompt, this.settings.accountMode) === "relax") {
      return `**${prompt}** - ${OPERATOR_MENTION} (0%) (relaxed)`;
    }
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
    if (matches(this.settings.hangPattern, entry.record.prompt ?? "")) {
      if (entry.ticks === 1) {
        const progress = this.media.hangProgress(steps);
        this.update(entry, { progress, url: this.media.previewUrl(id, progress) });
      }
      return;
    }
    const percent = this.media.progressAt(entry.ticks, steps);
    if (percent >= 100) this.finish(entry, this.completedFields(entry));
    else this.update(entry, { progress: percent, url: this.media.previewUrl(id, percent) });
  }

  private completedFields({ record, upscale }: Entry): Partial<ServiceRecord> {
    const images = upscale ? this.media.upscale(record.id, upscale.factor) : this.media.grid(record.id);
    return { status: "completed", progress: null, ...images };
  }

  private finish(entry: Entry, fields: Partial<ServiceRecord>): void {
    this.running.delete(entry.record.id);
    this.unfinished.delete(entry.record.id);
    this.update(entry, { progress: null, ...fields });
  }

  private update(entry: Entry, fields: Partial<ServiceRecord>): void {
    entry.record = { ...entry.record, ...fields };
    this.onUpdate(entry.record, "update");
  }

  private require(id: string): Entry {
    const entry = this.records.get(id);
    if (!entry) throw new Error(`no record ${id}`);
    return entry;
  }
}

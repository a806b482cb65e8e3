/**
 * The registry of the jobs this process follows: each job by image id, the last progress rendered for it
 * and whether Discord refused its final message for good. Everything a job leaves behind goes with it.
 */
import type { ProgressNotice } from "../render/progress.js";
import { isFinished, type ImageRecord } from "../service/schema.js";
import type { Job } from "./job.js";
import { progressSignature } from "./job-view.js";

/** The last progress record rendered for a job, its signature (see {@link progressSignature}) and its view's key. */
export interface RenderedProgress {
  signature: string;
  key: string;
  record: ImageRecord;
}

/**
 * What a progress view would show for this record with this notice, or `null` for a finished record (its
 * final view is always rendered). Two records with one signature render the same message.
 */
export function progressSignatureOf(record: ImageRecord, notice: ProgressNotice): string | null {
  if (isFinished(record.status)) return null;
  const signature = progressSignature(record);
  return notice.serviceNotReady ? `${signature}\n${notice.serviceNotReady}` : signature;
}

/** The jobs being followed, keyed by image id; `onCountChanged` hears every change of their number. */
export class FollowedJobs {
  private readonly jobs = new Map<string, Job>();
  private readonly lastProgress = new Map<string, RenderedProgress>();
  /** Jobs whose final message Discord refused for good. */
  private readonly undeliverable = new Set<string>();

  constructor(private readonly onCountChanged?: (count: number) => void) {}

  get(jobId: string): Job | undefined {
    return this.jobs.get(jobId);
  }

  has(jobId: string): boolean {
    return this.jobs.has(jobId);
  }

  /** Ids of the followed jobs. */
  ids(): string[] {
    return [...this.jobs.keys()];
  }

  /** Copies of the followed jobs: changing one changes nothing here. */
  snapshot(): Job[] {
    return [...this.jobs.values()].map((j) => structuredClone(j));
  }

  add(job: Job): void {
    this.jobs.set(job.imageId, job);
    this.onCountChanged?.(this.jobs.size);
  }

  /** Stops following a job and forgets its progress; its undeliverable mark stays for its ending. */
  remove(jobId: string): void {
    this.lastProgress.delete(jobId);
    if (this.jobs.delete(jobId)) this.onCountChanged?.(this.jobs.size);
  }

  lastRendered(jobId: string): RenderedProgress | undefined {
    return this.lastProgress.get(jobId);
  }

  rendered(jobId: string, progress: RenderedProgress): void {
    this.lastProgress.set(jobId, progress);
  }

  markUndeliverable(jobId: string): void {
    this.undeliverable.add(jobId);
  }

  /** Whether the job's final message was refused for good; the mark is cleared by asking. */
  takeUndeliverable(jobId: string): boolean {
    return this.undeliverable.delete(jobId);
  }
}

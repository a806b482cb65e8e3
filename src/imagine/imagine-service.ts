/**
 * The core of /imagine, free of discord.js: creates the image record, follows it with the one job tracker,
 * renders each visible change and hands it to the messenger through the update throttle, and delivers the
 * final result exactly once. Jobs live in a `JobStore` so a restart resumes them.
 */
import type { Logger } from "../logger.js";
import { silentLogger } from "../logger.js";
import type { JobTracker, TrackedJob } from "../jobs/job-tracker.js";
import type { MessageUpdateThrottle } from "../jobs/message-update-throttle.js";
import type { Scheduler } from "../jobs/scheduler.js";
import { systemClock, type Clock } from "../jobs/clock.js";
import type { ImageRecord } from "../service/schema.js";
import type { Job } from "./job.js";
import type { JobDelivery, JobRequest } from "./job-request.js";
import { viewForCancelled, type JobView } from "./job-view.js";
import { claimJobs } from "./claimed-jobs.js";
import { JobEndings } from "./job-endings.js";
import { FollowedJobs } from "./followed-jobs.js";
import type { JobOwnership } from "./job-ownership.js";
import type { ImagineServiceOptions } from "./imagine-service-options.js";
import { createJobPipeline } from "./job-pipeline.js";
import { JobFollower } from "./job-follower.js";
import { JobLogs } from "./job-logs.js";
import { WaitingLine } from "./line/waiting-line.js";
import { submitJob } from "./job-submission.js";
import { RecordHandling } from "./record-handling.js";
import type { FreeSlots } from "./image-servers.js";
import { SlotFreed } from "./line/slot-freed.js";
import { JobRemake } from "./job-remake.js";

export type { ImagineServiceOptions, JobMessenger } from "./imagine-service-options.js";

/** The slots of servers that are not `lined`: every job is sent at once (a waiting job restored too). */
const EVERY_SLOT_FREE: FreeSlots = { hasFreeSlot: () => true, canRun: () => true, someServerUp: () => true };

/** Follows every in-flight image job and keeps its Discord message current. */
export class ImagineService {
  private readonly scheduler: Scheduler;
  private readonly tracker: JobTracker<TrackedJob>;
  private readonly throttle: MessageUpdateThrottle<JobView>;
  private readonly active: FollowedJobs;
  private readonly log: Logger;
  private readonly clock: Clock;
  /** Aborted by {@link stop}: polls still waiting on the service are abandoned, not waited for. */
  private readonly stopping = new AbortController();
  /** Which jobs are this process's; saves under its lease. */
  private readonly ownership: JobOwnership;
  private readonly endings: JobEndings;
  /** Jobs waiting for a free image server (only when the servers are `lined`). */
  private readonly line: WaitingLine;
  /** What each record read of a followed job changes. */
  private readonly records: RecordHandling;
  /** Hands jobs with a record to the tracker. */
  private readonly follower: JobFollower;
  private readonly logs: JobLogs;

  constructor(private readonly options: ImagineServiceOptions) {
    this.clock = options.clock ?? systemClock;
    this.log = options.logger ?? silentLogger;
    this.active = new FollowedJobs(options.events?.activeCountChanged);
    this.logs = new JobLogs(this.log, this.active);
    const pipeline = createJobPipeline(options, {
      clock: this.clock,
      log: this.log,
      logs: this.logs,
      followed: this.active,
      stopping: this.stopping.signal,
      handlers: {
        onRecord: (id, record) => this.records.record(id, record),
        onTimeout: (id) => this.endings.timeout(id),
        onLost: (id, error) => this.endings.lost(id, error),
        onPollError: (id, err, failures) => this.records.pollFailed(id, err, failures),
        onPollUnanswered: (id) => this.records.pollUnanswered(id),
        onMessageGone: (id) => void this.records.messageGone(id),
        onDisowned: (id) => this.disown(id),
        onUndeliverable: (id) => this.active.markUndeliverable(id),
      },
    });
    this.scheduler = pipeline.scheduler;
    this.tracker = pipeline.tracker;
    this.throttle = pipeline.throttle;
    this.ownership = pipeline.ownership;
    // The line ends jobs through the endings, which (like the records) free slots it is told of once built.
    const slotFreed = new SlotFreed();
    const common = { options, clock: this.clock, followed: this.active, throttle: this.throttle };
    const { ownership } = this;
    const { sender } = pipeline;
    const remake = new JobRemake({
      ...common,
      log: this.log,
      ownership,
      tracker: this.tracker,
      slotFreed,
    });
    this.endings = new JobEndings({
      ...common,
      log: this.log,
      ownership,
      slotFreed,
      sender,
      remakeLost: (job) => remake.remakeLost(job),
    });
    this.records = new RecordHandling({ ...common, ownership, endings: this.endings, slotFreed, remake });
    this.follower = new JobFollower(this.tracker, this.records, options.servers);
    this.line = new WaitingLine({
      ...common,
      slots: options.servers.lined ? options.servers : EVERY_SLOT_FREE,
      log: this.log,
      ownership: this.ownership,
      follower: this.follower,
      endings: this.endings,
    });
    slotFreed.attach(this.line);
    remake.attach(this.line);
    // A server that turns healthy may take a waiting job now, not at the line's next retry.
    options.servers.whenServerBack?.(() => this.line.drain());
  }

  /** Jobs waiting in the bot's line for a free image server. */
  get waitingCount(): number {
    return this.line.size;
  }

  /** The place in line (1: next) of each job waiting here, by its stand-in id; computed once per call. */
  placesInLine(): Map<string, number> {
    return this.line.placesInLine();
  }

  /** Jobs being followed right now (a snapshot). */
  activeJobs(): Job[] {
    return this.active.snapshot();
  }

  /** The job with this image id or ref, from memory or the store. */
  async findJob(idOrRef: string): Promise<Job | undefined> {
    const live = this.active.get(idOrRef);
    if (live) return structuredClone(live);
    return (await this.options.store.get(idOrRef)) ?? (await this.options.store.findByRef(idOrRef));
  }

  /**
   * Creates the image record of `request` (with `ref` = the interaction id when the server takes it) and starts
   * following it, shown as `delivery` says. The interaction id stays the job's own `ref` in the store either way: a second call with the same
   * `ref` returns the existing job, so one interaction never creates two records.
   * When the servers are `lined`, a new image that finds no free server, or whose create every
   * server refused the connection for (no record exists), waits in line instead.
   * @throws {ServiceError} when the service refuses or may have failed to answer; nothing is tracked then.
   */
  submit(request: JobRequest, delivery: JobDelivery): Promise<Job> {
    return submitJob(
      {
        options: this.options,
        clock: this.clock,
        followed: this.active,
        line: this.line,
        ownership: this.ownership,
        follower: this.follower,
        logs: this.logs,
      },
      request,
      delivery,
    );
  }

  /** The owner of this process's leases. */
  get processId(): string {
    return this.ownership.processId;
  }

  /**
   * At start: claims every job the store holds that is unfinished or undelivered and nobody else follows
   * (a store only this process uses first drops the leases of its previous run), at most `max`. Polling goes on, and a
   * result that was not delivered yet is delivered now. A job whose time limit passed while no process
   * followed it is read once (paced like the resumed jobs' first polls) before it is reported timed out.
   */
  async resume(max = Number.MAX_SAFE_INTEGER): Promise<number> {
    if (!this.options.store.shared) await this.options.store.release(null);
    return this.claim(max, { takeover: false });
  }

  /**
   * Claims up to `max` jobs nobody follows (their process stopped, or died and its lease ran out) and
   * follows them: `takeover` polls them at once, else their first polls spread over an interval.
   */
  async claim(max: number, options: { takeover?: boolean } = {}): Promise<number> {
    return claimJobs(max, options.takeover ?? true, {
      options: this.options,
      ownership: this.ownership,
      followed: this.active,
      log: this.log,
      follower: this.follower,
      line: this.line,
      records: this.records,
      endings: this.endings,
      logs: this.logs,
    });
  }

  /**
   * Extends this process's leases; a followed job whose lease another process took meanwhile (this one
   * was too slow to renew) is no longer followed here.
   */
  async renewLeases(): Promise<void> {
    for (const id of await this.ownership.renew()) this.disown(id);
  }

  /** Ids of the jobs this process follows. */
  followedJobIds(): string[] {
    return this.active.ids();
  }

  /**
   * Takes a record pushed by the service's webhook as a hint: the job it names is polled soon, and only
   * the record read back from the service is ever shown, so a forged webhook can neither show its own
   * image or text nor end a job. It is matched by image id alone: a self-hosted server's webhook has no
   * `ref`. A webhook whose id is not a followed job (the `create` event can also arrive before the create
   * request returns) is ignored: polling is the safety net. Returns whether the webhook named a followed job.
   */
  push(record: ImageRecord): boolean {
    if (!this.active.has(record.id)) return false;
    return this.tracker.push(record.id);
  }

  /**
   * Cancels a followed job for `by` (a Discord user id): it is polled no more, stops counting against the
   * limits at once (its outcome is set before this returns), its message becomes "Cancelled by …", and a
   * result the service still produces is never shown, also after a restart (the outcome is saved). The image
   * service has no cancel endpoint, so the record itself runs on. `shown` settles once the final message
   * was shown (or could not be). `undefined`, changing nothing, when the job is not followed (it already
   * ended or is unknown).
   */
  cancel(jobId: string, by: string): { job: Job; shown: Promise<void> } | undefined {
    const job = this.active.get(jobId);
    if (!job || job.outcome !== null) return undefined;
    this.tracker.untrack(jobId);
    job.cancelledBy = by;
    const shown = this.endings.finish(job, "cancelled", viewForCancelled(job, by));
    this.line.forget(jobId);
    return { job: structuredClone(job), shown };
  }

  /**
   * A webhook hint passed on by another process of the fleet, which found the job by image id in the
   * database: polls the job soon, like {@link push}.
   */
  hint(imageId: string): boolean {
    return this.active.has(imageId) && this.tracker.push(imageId);
  }

  /** Stops polling and editing; jobs stay in the store for the next start. */
  async stop(): Promise<void> {
    // A poll hanging on an unresponsive service would hold the shutdown up to its time limit and retries;
    // its answer would be dropped anyway. Handlers already running are still waited for.
    this.stopping.abort(new Error("the bot is stopping"));
    this.line.stop();
    await this.tracker.stop();
    this.scheduler.stop();
    await this.ownership.stop();
  }

  /** Stops following a job another process took over (its lease was lost): that one delivers it. */
  private disown(jobId: string): void {
    this.ownership.forget(jobId);
    if (!this.active.has(jobId)) return;
    this.logs.of(jobId).warn("another process took this job over; it is no longer followed here");
    this.tracker.untrack(jobId);
    this.throttle.forget(jobId);
    this.active.remove(jobId);
  }
}

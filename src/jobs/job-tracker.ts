import { silentLogger, type Logger } from "../logger.js";
import { isFinished, type ImageRecord } from "../service/schema.js";
import { LastRead } from "./last-read.js";
import type { JobTrackerOptions, TrackedJob } from "./job-tracker-options.js";
import {
  firstPollAt,
  isOlderRecord,
  nextPollAt,
  pushedPollAt,
  resolvePollPolicy,
  type PollPolicy,
} from "./poll-policy.js";
import { Scheduler } from "./scheduler.js";
import { Semaphore, type ReleaseSlot } from "../service/semaphore.js";
import { enqueueStep, isNews, newJobState, runCallback, type JobState } from "./job-state.js";
import { PollFailures } from "./poll-failures.js";
import { PollOutages } from "./poll-outages.js";
import { UnansweredPolls } from "./unanswered-polls.js";
import { pollRequest, type PollRequestDeps } from "./poll-request.js";

export type { JobTrackerOptions, TrackedJob } from "./job-tracker-options.js";

/**
 * Follows every in-flight image job until it is finished, lost or timed out, on ONE {@link Scheduler}.
 * Polling: every `pollIntervalMs` while in progress; a job still `pending` (or with an unknown status) backs off
 * ×1.5 per poll up to `pendingMaxIntervalMs`; errors back off ×2 up to `errorMaxBackoffMs` (`unauthorized` waits
 * that longest backoff at once); what failures cause beyond a job's backoff (a 429 pauses ALL polling,
 * `forbidden` in a row ends the job through `onLost`) is {@link PollFailures}; while a server is silent, one of
 * its jobs keeps the normal pace and its answer wakes the rest ({@link PollOutages}); a poll unanswered for a
 * while is told at once ({@link UnansweredPolls}). A webhook ({@link push}) is only a hint: it brings the job's
 * next poll forward, and while webhooks announce changes that polls confirm, the job is polled only every
 * `pushedIntervalMs`. Every delay gets random jitter, and at most `maxConcurrentPolls` requests run at once. At
 * the time limit the job is read once more ({@link LastRead}) before it is given up: a finished record found
 * then ends it as if polled in time. Scheduler keys: `poll:<id>`, `timeout:<id>`, `unanswered-polls:<n>`.
 */
export class JobTracker<J extends TrackedJob> {
  private readonly options: JobTrackerOptions<J>;
  private readonly policy: PollPolicy;
  private readonly scheduler: Scheduler;
  private readonly slots: Semaphore;
  private readonly random: () => number;
  private readonly log: Logger;
  private readonly timeoutMs: number;
  private readonly failures: PollFailures;
  private readonly outages: PollOutages<JobState<J>>;
  private readonly unanswered: UnansweredPolls<J>;
  private readonly lastRead: LastRead<J>;
  private readonly requests: PollRequestDeps<J>;
  private readonly jobs = new Map<string, JobState<J>>();
  private readonly polls = new Set<Promise<void>>();
  private stopped = false;

  /** @throws {RangeError} on a non-positive interval, time limit or concurrency. */
  constructor(options: JobTrackerOptions<J>) {
    this.options = options;
    // The options name the policy's fields alike (pendingMaxIntervalMs, …).
    this.policy = resolvePollPolicy({ ...options, intervalMs: options.pollIntervalMs });
    if (!(options.timeoutMs > 0))
      throw new RangeError(`timeoutMs must be positive (got ${options.timeoutMs})`);
    this.timeoutMs = options.timeoutMs;
    this.slots = options.slots ?? new Semaphore(options.maxConcurrentPolls ?? 8);
    this.scheduler = options.scheduler ?? new Scheduler(options.clock ? { clock: options.clock } : {});
    this.random = options.random ?? Math.random;
    this.log = options.logger ?? silentLogger;
    this.failures = new PollFailures({
      timeoutMs: this.timeoutMs,
      rateLimitPauseMs: options.rateLimitPauseMs ?? Math.max(this.policy.intervalMs, 5_000),
      lostAfterForbidden: Math.max(1, options.lostAfterForbidden ?? 3),
      spreadMs: this.policy.intervalMs,
      now: () => this.now(),
      random: this.random,
      log: this.log,
    });
    this.outages = new PollOutages(
      (id) => options.serverOf?.(id),
      (s: JobState<J>) => this.pollSoon(s),
    );
    this.unanswered = new UnansweredPolls<J>(this.scheduler, options, () => this.stopped);
    this.requests = {
      failures: this.failures,
      getImage: (id) => this.options.getImage(id),
      now: () => this.now(),
      isStopped: () => this.stopped,
      pollAt: (state, at) => this.schedulePollAt(state, at),
      unanswered: this.unanswered,
    };
    this.lastRead = new LastRead<J>({
      scheduler: this.scheduler,
      slots: this.slots,
      failures: this.failures,
      getImage: (id) => this.options.getImage(id),
      answerTimeoutMs: options.lastReadTimeoutMs ?? 10_000,
      isStopped: () => this.stopped,
      inFlight: (read) => this.inFlight(read),
      finished: (state, record) => this.accept(state, record),
      timeOut: (state) => this.settle(state, () => this.options.onTimeout(state.job)),
    });
  }

  /** Jobs followed, including those whose last callback is still running. */
  get size(): number {
    return this.jobs.size;
  }

  /** Whether the job with this image id is followed. */
  has(id: string): boolean {
    return this.jobs.has(id);
  }

  /**
   * Starts following a job: first poll after about one interval, time limit at `startedAt + timeoutMs`.
   * A job whose limit passes before its first poll (one resumed after a long outage) is read once, when
   * that first poll would have come (resumed jobs' first polls spread over an interval), and then ends.
   * Returns false, changing nothing, when the id is already followed or the tracker is stopped.
   * `pollNow`: at once (see `firstPollAt`).
   * @throws {TypeError} when `id` is empty or `startedAt` is not a finite number.
   */
  track(job: J, options: { pollNow?: boolean } = {}): boolean {
    if (typeof job.id !== "string" || job.id === "")
      throw new TypeError("track: job id must be a non-empty string");
    if (!Number.isFinite(job.startedAt))
      throw new TypeError(`track: startedAt of job ${job.id} is not a number`);
    if (this.stopped || this.jobs.has(job.id)) return false;
    const state = newJobState(job, this.log);
    this.jobs.set(job.id, state);
    const first = firstPollAt(this.policy, job.startedAt, this.now(), this.random, options.pollNow);
    const limitAt = job.startedAt + this.timeoutMs;
    this.scheduler.schedule(state.timeoutKey, Math.max(limitAt, first), () => this.lastRead.start(state));
    if (limitAt > first) this.schedulePollAt(state, first);
    return true;
  }

  /** Stops following a job without any callback. Returns whether it was followed. */
  untrack(id: string): boolean {
    const state = this.jobs.get(id);
    if (!state) return false;
    this.settle(state);
    this.jobs.delete(id);
    return true;
  }

  /**
   * Takes a webhook about a followed job as a hint, never as a result: the webhook is not authenticated
   * beyond its URL, so its record is not shown. The job is polled soon instead (at once, or
   * `pushedPollGapMs` after its last poll started, so forged calls cannot flood the service). Only while
   * webhooks keep announcing changes the service confirms does the job's polling relax to
   * `pushedIntervalMs`: forged calls announcing nothing cannot slow it down. False when no job has this id.
   */
  push(id: string): boolean {
    const state = this.jobs.get(id);
    if (!state || state.settled || this.stopped) return false;
    state.webhookSincePoll = true;
    // Past its time limit, the job's last read is already on its way.
    if (state.lastLook) return true;
    if (state.polling || state.draining) {
      // The poll in flight may have read the record before the change: poll again once it is done.
      state.pushedDuringPoll = true;
      return true;
    }
    const soon = pushedPollAt(this.policy, state.lastPollAt, this.now());
    const due = this.scheduler.dueAt(state.pollKey);
    if (due === undefined || soon < due) this.schedulePollAt(state, soon);
    return true;
  }

  /**
   * Stops polling: nothing new starts and nothing new is settled (no timeout, loss or record after this),
   * so the jobs stay in the caller's storage for the next start. Resolves once in-flight polls and running
   * callbacks are done. The shared scheduler itself keeps running.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    // Shared slots stay open for the client's other requests; polls that wait for one end when they get it.
    if (!this.options.slots) this.slots.close();
    for (const state of this.jobs.values()) {
      this.scheduler.cancel(state.pollKey);
      this.scheduler.cancel(state.timeoutKey);
    }
    await Promise.all([...this.polls, ...[...this.jobs.values()].map((s) => s.tail)]);
    this.jobs.clear();
  }

  private now(): number {
    return this.scheduler.now();
  }

  private schedulePollAt(state: JobState<J>, dueAt: number): void {
    if (state.lastLook) return;
    const at = this.failures.pastPause(dueAt);
    this.scheduler.schedule(state.pollKey, at, (state.pollTask ??= () => this.startPoll(state)));
  }

  private scheduleNextPoll(state: JobState<J>): void {
    if (state.settled || this.stopped) return;
    if (state.pushedDuringPoll) {
      state.pushedDuringPoll = false;
      this.schedulePollAt(state, pushedPollAt(this.policy, state.lastPollAt, this.now()));
      return;
    }
    const at = nextPollAt(this.policy, state, this.now(), this.random);
    // While its server is silent, one job per server keeps the normal pace, to notice the server's return.
    this.schedulePollAt(
      state,
      this.outages.isScout(state) ? Math.min(at, this.now() + this.policy.intervalMs) : at,
    );
  }

  /** Polls soon a job of a server that answered again (its backoff after the server's silence may be long). */
  private pollSoon(s: JobState<J>): void {
    if (s.settled || s.polling || s.draining) return;
    const soon =
      pushedPollAt(this.policy, s.lastPollAt, this.now()) + this.random() * this.policy.pushedPollGapMs;
    if (soon < (this.scheduler.dueAt(s.pollKey) ?? Infinity)) this.schedulePollAt(s, soon);
  }

  private startPoll(state: JobState<J>): void {
    if (state.settled || state.polling || this.stopped) return;
    state.polling = true;
    // Nothing is allocated for a poll that waits for a slot: its job's callback is made once.
    this.slots.whenFree((state.pollInSlot ??= (release) => this.inFlight(this.poll(state, release))));
  }

  /** Keeps a request in flight (a poll or a last read) for `stop` to wait for. */
  private inFlight(request: Promise<void>): void {
    const tracked = request.finally(() => this.polls.delete(tracked));
    this.polls.add(tracked);
  }

  private async poll(state: JobState<J>, release: ReleaseSlot | null): Promise<void> {
    const outcome = await pollRequest(state, release, this.requests);
    state.polling = false;
    if (!outcome || state.settled || this.stopped) return;
    if ("record" in outcome) {
      if (outcome.announced && isNews(state, outcome.record)) state.lastPushAt = this.now();
      this.failures.succeeded(state);
      this.outages.answered(state);
      this.accept(state, outcome.record);
    } else {
      this.pollFailed(state, outcome.error);
    }
    // A drain started by this record (or by a push) schedules the next poll when it ends.
    if (!state.draining) this.scheduleNextPoll(state);
  }

  private pollFailed(state: JobState<J>, error: unknown): void {
    const onPollError = (job: J, err: unknown, n: number) => this.options.onPollError?.(job, err, n);
    const lostError = this.failures.failed(state, error, onPollError);
    this.outages.failed(state, state.lastErrorKind);
    if (lostError) this.settle(state, () => this.options.onLost(state.job, lostError));
  }

  private accept(state: JobState<J>, record: ImageRecord): void {
    const newest = state.queued ?? state.lastRecord;
    if (newest && isOlderRecord(record, newest)) {
      state.log.debug(
        { status: record.status, progress: record.progress },
        "Dropped a record older than the last",
      );
      return;
    }
    state.queued = record;
    if (state.draining) return;
    state.draining = true;
    enqueueStep(state, () => this.drain(state));
  }

  private async drain(state: JobState<J>): Promise<void> {
    while (state.queued && !state.settled && !this.stopped) {
      const record = state.queued;
      state.queued = null;
      // Only status and progress are compared later: an unchanged record keeps the one already held, so
      // thousands of followed jobs do not move a fresh record into the old generation at every poll.
      if (state.lastRecord?.status !== record.status || state.lastRecord.progress !== record.progress)
        state.lastRecord = record;
      state.pendingStreak = record.status === "in-progress" ? 0 : state.pendingStreak + 1;
      if (isFinished(record.status)) {
        state.draining = false;
        this.settle(state, () => this.options.onRecord(state.job, record));
        return;
      }
      await runCallback(state, "onRecord", () => this.options.onRecord(state.job, record));
    }
    state.draining = false;
    if (!state.polling) this.scheduleNextPoll(state);
  }

  /** Ends the job: no more polls or timeout; `last` runs after any running callback, then it is removed. */
  private settle(state: JobState<J>, last?: () => void | Promise<void>): void {
    if (state.settled || this.stopped) return;
    state.settled = true;
    state.queued = null;
    this.scheduler.cancel(state.pollKey);
    this.scheduler.cancel(state.timeoutKey);
    this.outages.remove(state);
    enqueueStep(state, async () => {
      if (last) await runCallback(state, "callback", last);
      if (this.jobs.get(state.job.id) === state) this.jobs.delete(state.job.id);
    });
  }
}

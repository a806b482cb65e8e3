import type { ImageRecord } from "../service/schema.js";
import { isFinished } from "../service/schema.js";
import type { ReleaseSlot, Semaphore } from "../service/semaphore.js";
import type { JobState } from "./job-state.js";
import type { TrackedJob } from "./job-tracker-options.js";
import type { PollFailures } from "./poll-failures.js";
import type { Scheduler } from "./scheduler.js";

/** What the last read of a job needs of its tracker. */
export interface LastReadOptions<J extends TrackedJob> {
  readonly scheduler: Scheduler;
  /** The concurrency slots polls take: the last read waits its turn like a poll. */
  readonly slots: Semaphore;
  /** The tracker's rate-limit pause, which the last read waits out and may start. */
  readonly failures: PollFailures;
  getImage(id: string): Promise<ImageRecord>;
  /** How long the service may take to answer the last read before the job times out unanswered. */
  readonly answerTimeoutMs: number;
  /** Whether the tracker stopped: then nothing new is settled. */
  isStopped(): boolean;
  /** Hands a read in flight to the tracker, whose `stop` waits for it. */
  inFlight(read: Promise<void>): void;
  /** The last read found the job finished: it ends with this record, as if polled in time. */
  finished(state: JobState<J>, record: ImageRecord): void;
  /** The job times out. */
  timeOut(state: JobState<J>): void;
}

/**
 * The last read of a job whose time limit came: no more polls, one more `getImage` (in turn for a
 * concurrency slot, like a poll, and after any rate-limit pause), and the job ends with what it finds. A
 * finished record ends it through `finished`; anything else (unfinished, an error, no answer within
 * `answerTimeoutMs`) times it out. Uses the job's `timeout:<id>` scheduler key.
 */
export class LastRead<J extends TrackedJob> {
  constructor(private readonly options: LastReadOptions<J>) {}

  /** The job's time limit came: its polls stop and its last read waits for a slot. */
  start(state: JobState<J>): void {
    if (state.settled || this.options.isStopped() || state.lastLook) return;
    state.lastLook = true;
    this.options.scheduler.cancel(state.pollKey);
    this.whenFree(state);
  }

  private whenFree(state: JobState<J>): void {
    this.options.slots.whenFree((release) => this.options.inFlight(this.read(state, release)));
  }

  private async read(state: JobState<J>, release: ReleaseSlot | null): Promise<void> {
    if (!release) return;
    const { scheduler, failures, answerTimeoutMs } = this.options;
    let record: ImageRecord | undefined;
    try {
      if (state.settled || this.options.isStopped()) return;
      if (failures.isPaused()) {
        const at = failures.pastPause(scheduler.now());
        scheduler.schedule(state.timeoutKey, at, () => this.whenFree(state));
        return;
      }
      scheduler.schedule(state.timeoutKey, scheduler.now() + answerTimeoutMs, () => {
        state.log.warn(
          { lastReadTimeoutMs: answerTimeoutMs },
          "The image service did not answer the last read before the time limit: the job times out",
        );
        this.options.timeOut(state);
      });
      state.lastPollAt = scheduler.now();
      record = await this.options.getImage(state.job.id);
    } catch (error) {
      failures.noteError(error);
      if (!state.settled && !this.options.isStopped())
        state.log.warn({ err: error }, "The last read before the time limit failed: the job times out");
    } finally {
      release();
    }
    if (state.settled || this.options.isStopped()) return;
    if (record && isFinished(record.status)) {
      scheduler.cancel(state.timeoutKey);
      this.options.finished(state, record);
    } else {
      this.options.timeOut(state);
    }
  }
}

import type { Logger } from "../logger.js";
import type { ImageRecord } from "../service/schema.js";

/** What a `JobTracker` knows about one followed job (internal to src/jobs). */
export interface JobState<J> {
  readonly job: J;
  /** The job's child logger, made on first use: most followed jobs never log a line. */
  readonly log: Logger;
  readonly pollKey: string;
  readonly timeoutKey: string;
  /** No record, timeout or loss is accepted any more. */
  settled: boolean;
  /** The time limit came: no more polls, only the one last read before the job times out. */
  lastLook: boolean;
  polling: boolean;
  draining: boolean;
  /** Every callback of the job runs on this chain, so they never overlap. */
  tail: Promise<void>;
  queued: ImageRecord | null;
  lastRecord: ImageRecord | null;
  pendingStreak: number;
  failures: number;
  forbiddenStreak: number;
  lastErrorKind: string | undefined;
  /** When a poll last confirmed a change a webhook announced (polling relaxes for a while after). */
  lastPushAt: number | undefined;
  /** A webhook came since the job's last poll started. */
  webhookSincePoll: boolean;
  /** When the last `getImage` call for the job started. */
  lastPollAt: number | undefined;
  /** A webhook came while a poll or its record was being handled: poll again right after. */
  pushedDuringPoll: boolean;
  /** The job's poll task, made once: rescheduling it at every poll allocates nothing. */
  pollTask: (() => void) | undefined;
  /** What runs the job's poll once it has a concurrency slot (`null`: the tracker stopped), made once. */
  pollInSlot: ((release: (() => void) | null) => void) | undefined;
}

/** A job the tracker can log about: its id and the fields its log lines carry. */
interface LoggableJob {
  readonly id: string;
  readonly logContext?: Readonly<Record<string, string>>;
}

/**
 * One class for every job's state, so ten thousand of them share one shape; the child logger (a pino
 * object and its serialized bindings, a few hundred bytes) is made only when the job logs.
 */
class TrackedJobState<J extends LoggableJob> implements JobState<J> {
  readonly pollKey: string;
  readonly timeoutKey: string;
  settled = false;
  lastLook = false;
  polling = false;
  draining = false;
  tail: Promise<void> = Promise.resolve();
  queued: ImageRecord | null = null;
  lastRecord: ImageRecord | null = null;
  pendingStreak = 0;
  failures = 0;
  forbiddenStreak = 0;
  lastErrorKind: string | undefined = undefined;
  lastPushAt: number | undefined = undefined;
  webhookSincePoll = false;
  lastPollAt: number | undefined = undefined;
  pushedDuringPoll = false;
  pollTask: (() => void) | undefined = undefined;
  pollInSlot: ((release: (() => void) | null) => void) | undefined = undefined;
  private childLog: Logger | undefined = undefined;

  constructor(
    readonly job: J,
    private readonly parentLog: Logger,
  ) {
    this.pollKey = `poll:${job.id}`;
    this.timeoutKey = `timeout:${job.id}`;
  }

  get log(): Logger {
    return (this.childLog ??= this.parentLog.child({ jobId: this.job.id, ...this.job.logContext }));
  }
}

/** The state of a job that was just tracked; `log` is the tracker's logger (the job's child is made from it). */
export function newJobState<J extends LoggableJob>(job: J, log: Logger): JobState<J> {
  return new TrackedJobState(job, log);
}

/** Whether `record` changes the status or progress of the newest record held for the job. */
export function isNews(state: JobState<unknown>, record: ImageRecord): boolean {
  const newest = state.queued ?? state.lastRecord;
  return !newest || newest.status !== record.status || newest.progress !== record.progress;
}

/** Runs `step` after the job's previous steps; a failure is logged and does not break the chain. */
export function enqueueStep(state: JobState<unknown>, step: () => Promise<void>): void {
  state.tail = state.tail.then(step).catch((err: unknown) => state.log.error({ err }, "Job step failed"));
}

/** Runs one of the owner's callbacks for the job; what it throws is logged with its name. */
export async function runCallback(
  state: JobState<unknown>,
  name: string,
  fn: () => void | Promise<void>,
): Promise<void> {
  try {
    await fn();
  } catch (err) {
    state.log.error({ err }, `${name} threw`);
  }
}

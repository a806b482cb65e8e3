import type { Logger } from "../logger.js";
import type { ImageRecord } from "../service/schema.js";

/** What a `JobTracker` knows about one followed job (internal to src/jobs). */
export interface JobState<J> {
  readonly job: J;
  readonly log: Logger;
  readonly pollKey: string;
  readonly timeoutKey: string;
  /** No record, timeout or loss is accepted any more. */
  settled: boolean;
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
}

/** The state of a job that was just tracked. */
export function newJobState<J extends { readonly id: string }>(job: J, log: Logger): JobState<J> {
  return {
    job,
    log,
    pollKey: `poll:${job.id}`,
    timeoutKey: `timeout:${job.id}`,
    settled: false,
    polling: false,
    draining: false,
    tail: Promise.resolve(),
    queued: null,
    lastRecord: null,
    pendingStreak: 0,
    failures: 0,
    forbiddenStreak: 0,
    lastErrorKind: undefined,
    lastPushAt: undefined,
    webhookSincePoll: false,
    lastPollAt: undefined,
    pushedDuringPoll: false,
  };
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

import { JobTracker, type JobTrackerOptions, type TrackedJob } from "../../src/jobs/job-tracker.js";
import { Scheduler } from "../../src/jobs/scheduler.js";
import { ServiceError } from "../../src/service/errors.js";
import { FakeImageService } from "../fixtures/fake-image-service.js";
import { ManualClock } from "./manual-clock.js";

/** A tracked job with caller data, as the Discord adapter has. */
export interface Job extends TrackedJob {
  readonly channelId: string;
}

/** A job created at `startedAt`. */
export const job = (id: string, startedAt = 0): Job => ({ id, startedAt, channelId: "c1" });

export type Overrides = Partial<JobTrackerOptions<Job>>;

/**
 * A tracker on a manual clock (starting at 0) with a 1 s interval, a 60 s time limit, no jitter, and
 * callbacks that write readable lines into `events`.
 */
export function setupTracker(overrides: Overrides | ((clock: ManualClock) => Overrides) = {}, latencyMs = 0) {
  const clock = new ManualClock(0);
  const scheduler = new Scheduler({ clock });
  const service = new FakeImageService(clock, { latencyMs });
  const events: string[] = [];
  const tracker = new JobTracker<Job>({
    getImage: service.getImage,
    pollIntervalMs: 1_000,
    timeoutMs: 60_000,
    scheduler,
    random: () => 0,
    onRecord: (j, r) => void events.push(`${j.id} ${r.status} ${r.progress ?? "-"} @${clock.now()}`),
    onTimeout: (j) => void events.push(`${j.id} timeout @${clock.now()}`),
    onLost: (j, e) => void events.push(`${j.id} lost ${e.kind} @${clock.now()}`),
    onPollError: (j, e, n) => {
      const kind = e instanceof ServiceError ? e.kind : "unknown";
      events.push(`${j.id} error ${kind} #${n} @${clock.now()}`);
    },
    ...(typeof overrides === "function" ? overrides(clock) : overrides),
  });
  return { clock, scheduler, service, events, tracker };
}

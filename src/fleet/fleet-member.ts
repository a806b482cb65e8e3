/**
 * This process's part in a fleet of bot processes sharing one Postgres database: it renews its job leases
 * and records a heartbeat every third of JOB_LEASE_MS, and claims jobs nobody follows (their process died
 * and its lease ran out, or it stopped and released them) often enough that a dead process's jobs are
 * taken over within JOB_LEASE_MS plus one poll interval. A store only this process uses (SQLite) needs
 * none of it: the jobs are claimed once at start.
 */
import type { FleetProcess, FleetRegistry } from "../imagine/job-store.js";
import type { ImagineService } from "../imagine/imagine-service.js";
import type { CancelTimer, Clock } from "../jobs/clock.js";
import type { Logger } from "../logger.js";

export interface FleetMemberOptions {
  store: Pick<FleetRegistry, "heartbeat" | "leaveFleet">;
  imagine: Pick<ImagineService, "processId" | "claim" | "renewLeases" | "followedJobIds">;
  /** JOB_LEASE_MS. */
  leaseMs: number;
  /** POLL_INTERVAL_MS: claims run at least twice per interval. */
  pollIntervalMs: number;
  /** Most jobs this process follows; claims stop there (PROCESS_MAX_JOBS). */
  maxJobs: number;
  /** The gateway shards this process runs, for the fleet list. */
  shards(): number[];
  clock: Clock;
  logger: Logger;
}

/** A running fleet membership. */
export interface FleetMember {
  /** Stops renewing and claiming (waits for a round in progress); call before the jobs are released. */
  stop(): Promise<void>;
  /** Removes this process from the fleet list (after its jobs were released). */
  leave(): Promise<void>;
}

/** Starts renewing, heartbeating and claiming; the first round runs at once. */
export function joinFleet(options: FleetMemberOptions): FleetMember {
  const { clock, imagine, logger } = options;
  const log = logger.child({ component: "fleet", processId: imagine.processId });
  const startedAt = clock.now();
  const renewEveryMs = Math.max(1, Math.floor(options.leaseMs / 3));
  const claimEveryMs = Math.max(1, Math.floor(Math.min(options.pollIntervalMs, renewEveryMs) / 2));
  let stopped = false;
  const timers = new Set<CancelTimer>();
  const running = new Set<Promise<void>>();
  const failing = { renew: false, claim: false };

  /** Runs `round` now and then every `everyMs` after it ended; one warning per failure streak. */
  const loop = (name: keyof typeof failing, everyMs: number, round: () => Promise<void>) => {
    const run = () => {
      const done = round().then(
        () => {
          if (failing[name]) log.info(`${name} works again`);
          failing[name] = false;
        },
        (err: unknown) => {
          if (!failing[name]) log.warn({ err }, `${name} failed; trying again`);
          failing[name] = true;
        },
      );
      running.add(done);
      void done.finally(() => {
        running.delete(done);
        if (stopped) return;
        const cancel = clock.setTimer(() => {
          timers.delete(cancel);
          run();
        }, everyMs);
        timers.add(cancel);
      });
    };
    run();
  };

  loop("renew", renewEveryMs, async () => {
    await imagine.renewLeases();
    const heartbeat: FleetProcess = {
      id: imagine.processId,
      startedAt,
      seenAt: clock.now(),
      shards: options.shards(),
      jobs: imagine.followedJobIds().length,
    };
    await options.store.heartbeat(heartbeat);
  });
  loop("claim", claimEveryMs, async () => {
    await imagine.claim(options.maxJobs - imagine.followedJobIds().length);
  });
  log.info({ leaseMs: options.leaseMs, claimEveryMs, maxJobs: options.maxJobs }, "joined the fleet");

  return {
    async stop() {
      stopped = true;
      for (const cancel of timers) cancel();
      timers.clear();
      await Promise.all(running);
    },
    async leave() {
      try {
        await options.store.leaveFleet(imagine.processId);
      } catch (err) {
        log.warn({ err }, "could not leave the fleet list; it drops this process after JOB_LEASE_MS");
      }
    },
  };
}

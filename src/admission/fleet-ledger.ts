/**
 * A fleet's ledger (Postgres): every process's jobs in flight, held places and images of the day are counted,
 * and the count and the new place are taken under one lock, so simultaneous submissions to different
 * processes cannot all pass a limit.
 */
import type { FleetUsage } from "../fleet/fleet-channels.js";
import { checkDaily, utcDay } from "../moderation/server-rules.js";
import { checkUsageCounts } from "../moderation/usage-limits.js";
import type { Requester } from "../imagine/job-request.js";
import type { HeldSubmission } from "./admission-check.js";
import type { AdmissionLedger, LedgerUsage } from "./admission-ledger.js";
import type { AdmissionRefusal } from "./admission-refusal.js";
import type { FleetLedgerOptions } from "./admission-types.js";
import { RefusedError } from "./refused-error.js";
import { usageLimits } from "./usage-check.js";

/** Why the fleet's `usage` refuses `submission`, or `null`. */
function fleetRefusal(
  { request, settings, place }: HeldSubmission,
  usage: FleetUsage,
): AdmissionRefusal | null {
  const { requester } = request;
  const decision = checkUsageCounts({
    userId: requester.userId,
    guildId: requester.guildId,
    isModerator: requester.isModerator,
    now: place.at,
    userActive: usage.userActive,
    guildActive: usage.guildActive,
    lastSubmissionAt: usage.lastSubmissionAt,
    limits: usageLimits(settings),
  });
  if (!decision.ok) {
    const { ok: _ok, ...refusal } = decision;
    return refusal;
  }
  const limit = settings.userDailyImages.value;
  return checkDaily({ used: usage.dailyImages, limit, isModerator: requester.isModerator, now: place.at });
}

/** A fleet's ledger (see the module comment). */
export class FleetLedger implements AdmissionLedger {
  constructor(private readonly fleet: FleetLedgerOptions) {}

  /** Counts the fleet's use and holds a place under its lock. @throws {RefusedError} when the count refuses. */
  async reserve(submission: HeldSubmission): Promise<void> {
    const { requester, ref } = submission.request;
    const place = { ...this.place(requester, submission.place.at), ref };
    const { usage, reserved } = await this.fleet.ledger.reserve(
      place,
      (usage) => fleetRefusal(submission, usage) === null,
    );
    const refusal = fleetRefusal(submission, usage);
    if (!reserved && refusal) throw new RefusedError(refusal);
  }

  settle(submission: HeldSubmission, submitted: boolean): Promise<void> {
    return this.fleet.ledger.settle(submission.request.ref, submitted);
  }

  /** The ledger's count, read under its lock: a place that is never held. */
  async usage(requester: Requester, now: number): Promise<LedgerUsage> {
    const { usage } = await this.fleet.ledger.reserve(
      { ...this.place(requester, now), ref: `quota-${requester.userId}` },
      () => false,
    );
    return { dailyUsed: usage.dailyImages, activeJobs: usage.userActive, last: usage.lastSubmissionAt };
  }

  private place(requester: Requester, now: number) {
    return {
      userId: requester.userId,
      guildId: requester.guildId,
      at: now,
      day: utcDay(now),
      owner: this.fleet.processId,
      expiresAt: now + (this.fleet.reservationMs ?? 120_000),
    };
  }
}

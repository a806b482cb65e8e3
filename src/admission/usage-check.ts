/**
 * Usage limits of this process (per member: jobs in flight and cooldown; per server: jobs in flight), and the
 * place the submission then holds: counted and held with nothing awaited in between, so submissions arriving
 * at the same moment cannot all pass. A fleet's ledger counts every process's use after this (`fleet-ledger.ts`).
 */
import { checkUsage, type UsageDecision, type UsageLimits } from "../moderation/usage-limits.js";
import type { EffectiveSettings } from "../settings/effective-settings.js";
import type { AdmissionCheck } from "./admission-check.js";
import type { HeldPlaces } from "./held-places.js";
import { RefusedError } from "./refused-error.js";

/** The usage limits of a submission under `settings`. */
export function usageLimits(settings: EffectiveSettings): UsageLimits {
  return {
    userMaxActive: settings.userMaxActive.value,
    userCooldownMs: settings.userCooldownMs.value,
    guildMaxActive: settings.guildMaxActive.value,
  };
}

/** @throws {RefusedError} for a decision that refuses. */
export function refuseUnless(decision: UsageDecision): void {
  if (decision.ok) return;
  const { ok: _ok, ...refusal } = decision;
  throw new RefusedError(refusal);
}

/** What the usage check reads: the stored last submission of a member, and the time. */
export interface UsageReads {
  lastSubmission(userId: string): Promise<number | undefined>;
  now(): number;
}

/** Refuses a submission over the usage limits; else holds its place in `places` (see the module comment). */
export function usageCheck(places: HeldPlaces, reads: UsageReads): AdmissionCheck {
  return async (submission) => {
    const { requester, ref } = submission.request;
    const stored = await reads.lastSubmission(requester.userId);
    // From here to the held place nothing awaits, so no other submission can slip in between.
    const now = reads.now();
    refuseUnless(
      checkUsage({
        userId: requester.userId,
        guildId: requester.guildId,
        isModerator: requester.isModerator,
        now,
        activeJobs: places.jobsInFlight(),
        lastSubmissionAt: places.lastSubmission(requester.userId, stored),
        limits: usageLimits(submission.settings),
      }),
    );
    submission.place = places.hold({
      requesterId: requester.userId,
      guildId: requester.guildId,
      ref,
      at: now,
    });
  };
}

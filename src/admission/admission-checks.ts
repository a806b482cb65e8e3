/**
 * Admission's rules in the order a submission meets them, run here: the first refusal is the one the member
 * reads, and the checks after `usageCheck` run with the member's place held (a refusal frees it). A new
 * protection is one file beside this one and one line in {@link AdmissionChecks}' list.
 */
import { held, type AdmissionCheck, type HeldSubmission, type Submission } from "./admission-check.js";
import type { AdmissionLedger } from "./admission-ledger.js";
import type { AdmissionOptions } from "./admission-types.js";
import type { HeldPlaces } from "./held-places.js";
import { bannedWordsCheck } from "./banned-words-check.js";
import { dailyCheck } from "./daily-check.js";
import { pauseCheck } from "./pause-check.js";
import { placeCheck } from "./place-check.js";
import { serviceHealthCheck } from "./service-health-check.js";
import { ALL_SPEEDS, speedCheck } from "./speed-check.js";
import { usageCheck } from "./usage-check.js";

/** What the checks are built from: admission's options, the places held and the ledger of daily counts. */
export interface AdmissionCheckDeps {
  options: AdmissionOptions;
  places: HeldPlaces;
  ledger: AdmissionLedger;
  now(): number;
}

/** The list of admission's checks, run in order on each submission. */
export class AdmissionChecks {
  /** The rules, in the order a submission meets them. */
  private readonly checks: readonly AdmissionCheck[];
  private readonly places: HeldPlaces;

  constructor({ options, places, ledger, now }: AdmissionCheckDeps) {
    this.places = places;
    this.checks = [
      placeCheck,
      pauseCheck(options.pauses),
      bannedWordsCheck(options.bannedWords, options.midjourneyWords),
      speedCheck(options.serviceSpeeds ?? ALL_SPEEDS),
      // Read before the usage check: from its count to the daily count the place is held.
      serviceHealthCheck(options.health, options.healthWaitMs ?? 1500),
      usageCheck(places, { lastSubmission: options.lastSubmission, now }),
      dailyCheck(ledger),
    ];
  }

  /**
   * Runs every check on `submission`; the submission with the place it now holds.
   * @throws {RefusedError} the first check's refusal (a place held is freed first).
   */
  async run(submission: Submission): Promise<HeldSubmission> {
    try {
      for (const check of this.checks) await check(submission);
    } catch (err) {
      if (submission.place) this.places.release(submission.place);
      throw err;
    }
    return held(submission);
  }
}

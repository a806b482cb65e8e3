/**
 * The one shape of an admission rule (`*-check.ts`): a function of the submission that returns when the rule
 * lets it through and throws a {@link RefusedError} when it does not. `AdmissionChecks` runs them in order; the
 * first refusal is the one the member reads. See docs/architecture.md, "Adding an admission check".
 */
import type { JobRequest } from "../imagine/job-request.js";
import type { EffectiveSettings } from "../settings/effective-settings.js";
import type { HeldPlace } from "./held-places.js";

export type { RefusedError } from "./refused-error.js";

/** A submission being admitted: what every check reads. */
export interface Submission {
  readonly request: JobRequest;
  /** The settings in force for its requester, read once per submission. */
  readonly settings: EffectiveSettings;
  /**
   * The place it holds, set by the usage check once it counted the member's jobs in flight and cooldown
   * (`usage-check.ts`); the checks after it run with the place held, and a refusal frees it.
   */
  place?: HeldPlace;
}

/** A submission whose place is held (the checks after the usage check). */
export type HeldSubmission = Submission & { readonly place: HeldPlace };

/**
 * One rule of admission. @throws {RefusedError} when the rule refuses the submission; returns otherwise.
 * May read what it needs (settings, stores, the service's health) but starts nothing.
 */
export type AdmissionCheck = (submission: Submission) => void | Promise<void>;

/** `submission` with its place held. @throws {Error} when no check before held one (a wiring mistake). */
export function held(submission: Submission): HeldSubmission {
  const { place } = submission;
  if (place === undefined) throw new Error("admission: the usage check holds the place before this check");
  return { ...submission, place };
}

/**
 * The places this process holds for admitted submissions whose jobs are not created yet, and its own latest
 * submission per member: they count as jobs in flight and start the cooldown, so submissions arriving at the
 * same moment cannot all pass the limits (the store may not have the latest submission yet).
 */
import type { ActiveJobRef } from "../moderation/usage-limits.js";
import type { AdmittedJobRef } from "./admission-types.js";

/** A place held for an admitted submission, since `at` (ms epoch). */
export interface HeldPlace extends AdmittedJobRef {
  readonly at: number;
}

/** This process's held places and submission times (see the module comment). */
export class HeldPlaces {
  private readonly places = new Set<HeldPlace>();
  /** Accepted submissions of this process, newest per user. */
  private readonly submittedAt = new Map<string, number>();

  /** `activeJobs`: every job in flight (all servers and DMs). */
  constructor(private readonly activeJobs: () => AdmittedJobRef[]) {}

  hold(place: HeldPlace): HeldPlace {
    this.places.add(place);
    return place;
  }

  /** Frees `place`; whether it was still held. */
  release(place: HeldPlace): boolean {
    return this.places.delete(place);
  }

  /**
   * The job of `place` was created at `at`: the place is freed and `at` is the member's latest submission;
   * submissions older than `cooldownMs` are forgotten, as they no longer hold a cooldown.
   */
  submitted(place: HeldPlace, at: number, cooldownMs: number): void {
    for (const [userId, time] of this.submittedAt)
      if (time < at - cooldownMs) this.submittedAt.delete(userId);
    const userId = place.requesterId;
    this.submittedAt.set(userId, Math.max(at, this.submittedAt.get(userId) ?? at));
    this.places.delete(place);
  }

  /** Jobs in flight plus the places held for submissions not created yet. */
  jobsInFlight(): ActiveJobRef[] {
    const active = this.activeJobs();
    const refs = new Set(active.map((job) => job.ref));
    return [...active, ...[...this.places].filter((p) => !refs.has(p.ref))];
  }

  /** The latest of the stored time, this process's own submissions and held places. */
  lastSubmission(userId: string, stored: number | undefined): number | undefined {
    const times = [stored, this.submittedAt.get(userId)];
    for (const p of this.places) if (p.requesterId === userId) times.push(p.at);
    const known = times.filter((t) => t !== undefined);
    return known.length === 0 ? undefined : Math.max(...known);
  }
}

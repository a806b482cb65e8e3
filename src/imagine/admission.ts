/**
 * Decides whether a new job may start, before anything is sent to the service: usage limits, banned
 * words, and the service's own health. Shared by /imagine, the reroll button and DM prompts.
 */
import { UserError } from "../errors.js";
import type { BannedWords } from "../moderation/banned-words.js";
import type { FleetUsage, SubmissionLedger } from "../fleet/fleet-channels.js";
import {
  checkUsage,
  checkUsageCounts,
  type UsageDecision,
  type ActiveJobRef,
  type UsageLimits,
  type UsageRefusal,
} from "../moderation/usage-limits.js";
import { renderAdmissionRefusal } from "../render/refusal.js";
import type { ServiceHealthMonitor } from "./service-health.js";

/** Why a submission may not start, with the values its message needs. */
export type AdmissionRefusal =
  | UsageRefusal
  /** The prompt has a word on the server's banned list. */
  | { readonly code: "banned-words" }
  | {
      /** The service reports a `status` other than healthy, with its own `detail` when it gave one. */
      readonly code: "service-unhealthy";
      readonly status: string;
      readonly detail: string | null;
    };

/** A refused submission: the refusal, and its text for the user (written by `renderAdmissionRefusal`). */
export class RefusedError extends UserError {
  constructor(
    readonly refusal: AdmissionRefusal,
    detail?: unknown,
  ) {
    super((t) => renderAdmissionRefusal(t, refusal), detail);
    this.name = "RefusedError";
  }

  /** The refusal's code, for the log and the audit channel. */
  get reason(): AdmissionRefusal["code"] {
    return this.refusal.code;
  }
}

/** A job in flight as admission counts it; `ref` ties it to the submission that started it. */
export interface AdmittedJobRef extends ActiveJobRef {
  readonly ref: string;
}

export interface AdmissionOptions {
  limits: UsageLimits;
  bannedWords: BannedWords;
  health: ServiceHealthMonitor;
  /** Every job in flight (all servers and DMs). */
  activeJobs(): AdmittedJobRef[];
  lastSubmission(userId: string): Promise<number | undefined>;
  recordSubmission(userId: string, at: number): Promise<void>;
  now?: () => number;
  /**
   * Longest wait for the service's health answer. Admission runs before the interaction is acknowledged,
   * which Discord requires within 3 s, so a slow or hanging service must not hold it up: after this, the
   * last known health decides (unknown lets the job through). Default 1500.
   * @see https://discord.com/developers/docs/interactions/receiving-and-responding#responding-to-an-interaction
   */
  healthWaitMs?: number;
  /**
   * A fleet's shared count of jobs in flight and held places (Postgres): every process's submissions count,
   * and the count and the new place are taken under one lock, so simultaneous submissions to different
   * processes cannot all pass a limit. Without it, this process's own jobs are counted.
   */
  fleet?: {
    ledger: SubmissionLedger;
    /** This process's id, recorded on its places. */
    processId: string;
    /** A place its process never settled (it died) stops counting after this. Default 120000. */
    reservationMs?: number;
  };
}

export interface AdmissionRequest {
  userId: string;
  guildId: string | null;
  isModerator: boolean;
  prompt: string;
  /** The `ref` the job will be submitted with (interaction or DM message id). */
  ref: string;
}

/**
 * The place an admitted submission holds until it is submitted: while held it counts as a job in flight
 * and starts the user's cooldown, so submissions arriving at the same moment cannot all pass the limits.
 */
export interface AdmissionTicket {
  /** The job was created: the user's cooldown counts from now (saved in the store); frees the place. */
  submitted(): Promise<void>;
  /** Frees the place without starting a cooldown (the job was not created). Safe to call more than once. */
  release(): void;
}

interface Reservation extends AdmittedJobRef {
  readonly at: number;
}

/** Checks submissions and holds their place until they are submitted. */
export class Admission {
  private readonly now: () => number;
  private readonly reservations = new Set<Reservation>();
  /** Accepted submissions of this process, newest per user: the store may not have the latest yet. */
  private readonly submittedAt = new Map<string, number>();

  constructor(private readonly options: AdmissionOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Admits a submission and holds its place; release the ticket once the job was created or not.
   * @throws {RefusedError} when the submission may not start.
   */
  async admit(request: AdmissionRequest): Promise<AdmissionTicket> {
    const matched = this.options.bannedWords.find(request.prompt);
    if (matched !== null) throw new RefusedError({ code: "banned-words" }, { matched });
    const [stored, health] = await Promise.all([
      this.options.lastSubmission(request.userId),
      this.options.health.current({ maxWaitMs: this.options.healthWaitMs ?? 1500 }),
    ]);
    // From here to the reservation nothing awaits, so no other submission can slip in between.
    const now = this.now();
    const decision = checkUsage({
      userId: request.userId,
      guildId: request.guildId,
      isModerator: request.isModerator,
      now,
      activeJobs: this.jobsInFlight(),
      lastSubmissionAt: this.lastSubmission(request.userId, stored),
      limits: this.options.limits,
    });
    if (!decision.ok) {
      const { ok: _ok, ...refusal } = decision;
      throw new RefusedError(refusal);
    }
    if (health.botStatus !== null && health.botStatus !== "healthy") {
      throw new RefusedError({
        code: "service-unhealthy",
        status: health.botStatus,
        detail: health.message || null,
      });
    }
    const reservation: Reservation = {
      requesterId: request.userId,
      guildId: request.guildId,
      ref: request.ref,
      at: now,
    };
    this.reservations.add(reservation);
    const fleet = this.options.fleet;
    if (fleet) {
      try {
        await this.reserveInFleet(request, now, fleet);
      } catch (err) {
        this.reservations.delete(reservation);
        throw err;
      }
    }
    const settle = () => fleet?.ledger.settle(request.ref);
    return {
      submitted: async () => {
        const at = this.now();
        this.forgetSubmissionsBefore(at - this.options.limits.userCooldownMs);
        this.submittedAt.set(request.userId, Math.max(at, this.submittedAt.get(request.userId) ?? at));
        this.reservations.delete(reservation);
        await this.options.recordSubmission(request.userId, at);
        await settle();
      },
      release: () => {
        this.reservations.delete(reservation);
        // A place not freed (the database is down) stops counting when it expires.
        void settle()?.catch(() => {});
      },
    };
  }

  /**
   * Counts the fleet's use and holds a place under its lock.
   * @throws {RefusedError} when the fleet's count refuses the submission.
   */
  private async reserveInFleet(
    request: AdmissionRequest,
    now: number,
    fleet: NonNullable<AdmissionOptions["fleet"]>,
  ): Promise<void> {
    const decide = (usage: FleetUsage): UsageDecision =>
      checkUsageCounts({
        userId: request.userId,
        guildId: request.guildId,
        isModerator: request.isModerator,
        now,
        userActive: usage.userActive,
        guildActive: usage.guildActive,
        lastSubmissionAt: usage.lastSubmissionAt,
        limits: this.options.limits,
      });
    const place = {
      ref: request.ref,
      userId: request.userId,
      guildId: request.guildId,
      at: now,
      owner: fleet.processId,
      expiresAt: now + (fleet.reservationMs ?? 120_000),
    };
    const { usage, reserved } = await fleet.ledger.reserve(place, (usage) => decide(usage).ok);
    const decision = decide(usage);
    if (!reserved && !decision.ok) {
      const { ok: _ok, ...refusal } = decision;
      throw new RefusedError(refusal);
    }
  }

  /** Keeps the in-memory submission times small: older ones no longer hold a cooldown. */
  private forgetSubmissionsBefore(cutoff: number): void {
    for (const [userId, at] of this.submittedAt) if (at < cutoff) this.submittedAt.delete(userId);
  }

  /** Jobs in flight plus the places held for submissions not created yet. */
  private jobsInFlight(): ActiveJobRef[] {
    const active = this.options.activeJobs();
    const refs = new Set(active.map((job) => job.ref));
    return [...active, ...[...this.reservations].filter((r) => !refs.has(r.ref))];
  }

  /** The latest of the stored time, this process's own submissions and held places. */
  private lastSubmission(userId: string, stored: number | undefined): number | undefined {
    const times = [stored, this.submittedAt.get(userId)];
    for (const r of this.reservations) if (r.requesterId === userId) times.push(r.at);
    const known = times.filter((t) => t !== undefined);
    return known.length === 0 ? undefined : Math.max(...known);
  }
}

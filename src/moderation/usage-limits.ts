/**
 * Per-user and per-server usage limits for starting images: how many jobs may run at once and how soon a
 * user may start the next one. Pure: the caller passes the jobs in flight, the user's last submission and
 * the clock; a refusal is a code with the values its message needs (`renderUsageRefusal` writes it).
 */

/** The limits in force. */
export interface UsageLimits {
  /** Jobs one user may have in flight at once (across every server and DMs). `Infinity`: no limit. */
  readonly userMaxActive: number;
  /** Time from a user's last accepted submission until they may submit again; 0 disables it. */
  readonly userCooldownMs: number;
  /** Jobs one server may have in flight at once (DMs have no server limit). `Infinity`: no limit. */
  readonly guildMaxActive: number;
}

/** Limits used for any value the caller leaves out. */
export const DEFAULT_USAGE_LIMITS: UsageLimits = {
  userMaxActive: 2,
  userCooldownMs: 10_000,
  guildMaxActive: 10,
};

/** A job in flight, as far as the limits care. */
export interface ActiveJobRef {
  readonly requesterId: string;
  /** The server the job was started in; `null` for DMs. */
  readonly guildId: string | null;
}

/** Everything {@link checkUsage} decides on. */
export interface UsageInput {
  readonly userId: string;
  /** Where the new job would start; `null` in DMs, which have no server limit. */
  readonly guildId: string | null;
  /** Whether the user has Manage Server there: moderators are exempt from the per-user limits. */
  readonly isModerator: boolean;
  /** Current time, ms since the epoch. */
  readonly now: number;
  /** Every job in flight (all servers and DMs); finished jobs must not be in it. */
  readonly activeJobs: readonly ActiveJobRef[];
  /** When this user's last submission was accepted (ms since the epoch), `undefined` if never. */
  readonly lastSubmissionAt: number | undefined;
  /** The limits in force; missing values are taken from {@link DEFAULT_USAGE_LIMITS}. */
  readonly limits?: Partial<UsageLimits>;
}

/** Which limit refused a request, with what the user needs to know about it. */
export type UsageRefusal =
  | {
      /** The user has `active` jobs in flight, at or over their `limit`. */
      readonly code: "user-active";
      readonly active: number;
      readonly limit: number;
    }
  | {
      /** The user submitted less than `cooldownMs` ago. */
      readonly code: "cooldown";
      readonly cooldownMs: number;
      /** When the user may try again (ms since the epoch). */
      readonly retryAt: number;
      /** Time left until `retryAt`. */
      readonly remainingMs: number;
    }
  | {
      /** The server has `active` jobs in flight, at or over its `limit`. */
      readonly code: "guild-active";
      readonly active: number;
      readonly limit: number;
    };

/** Whether a new job may start; when not, which limit refused it and the values to tell the user. */
export type UsageDecision = { readonly ok: true } | ({ readonly ok: false } & UsageRefusal);

function checkLimit(name: keyof UsageLimits, value: number, min: number): number {
  if (Number.isNaN(value) || value < min || (Number.isFinite(value) && !Number.isInteger(value))) {
    throw new RangeError(
      `usage limit ${name} must be a whole number of at least ${min} (or Infinity), got ${value}`,
    );
  }
  return value;
}

/**
 * The limits with defaults filled in.
 * @throws {RangeError} for a limit that is not a whole number (at least 1 for counts, 0 for the cooldown).
 */
export function resolveUsageLimits(limits: Partial<UsageLimits> = {}): UsageLimits {
  const merged = { ...DEFAULT_USAGE_LIMITS, ...limits };
  return {
    userMaxActive: checkLimit("userMaxActive", merged.userMaxActive, 1),
    userCooldownMs: checkLimit("userCooldownMs", merged.userCooldownMs, 0),
    guildMaxActive: checkLimit("guildMaxActive", merged.guildMaxActive, 1),
  };
}

/**
 * Decides whether `input.userId` may start a new image now. Checked in this order: the user's jobs in
 * flight, the user's cooldown, then the server's jobs in flight.
 *
 * Moderators (Manage Server) skip the two per-user limits, so they can test and help users without
 * waiting, but not the server limit: it protects the shared image-service quota and the other members'
 * turn, which a moderator's jobs use up like anyone's. DMs count towards the user's limits only.
 *
 * The cooldown ends exactly `userCooldownMs` after the last submission: at that instant a new one is allowed.
 * @throws {RangeError} for invalid limits or a non-finite `now`.
 */
export function checkUsage(input: UsageInput): UsageDecision {
  const { activeJobs, ...rest } = input;
  return checkUsageCounts({
    ...rest,
    userActive: activeJobs.filter((job) => job.requesterId === input.userId).length,
    guildActive:
      input.guildId === null ? 0 : activeJobs.filter((job) => job.guildId === input.guildId).length,
  });
}

/** {@link UsageInput} with the jobs in flight already counted (e.g. by the database of a fleet). */
export interface UsageCountsInput extends Omit<UsageInput, "activeJobs"> {
  /** The user's jobs in flight. */
  readonly userActive: number;
  /** The server's jobs in flight (0 in DMs). */
  readonly guildActive: number;
}

/** {@link checkUsage} on counts instead of the list of jobs in flight. */
export function checkUsageCounts(input: UsageCountsInput): UsageDecision {
  if (!Number.isFinite(input.now)) throw new RangeError(`now must be a finite time, got ${input.now}`);
  const limits = resolveUsageLimits(input.limits);
  if (!input.isModerator) {
    const mine = input.userActive;
    if (mine >= limits.userMaxActive) {
      return { ok: false, code: "user-active", active: mine, limit: limits.userMaxActive };
    }
    const last = input.lastSubmissionAt;
    if (last !== undefined && Number.isFinite(last) && limits.userCooldownMs > 0) {
      const retryAt = last + limits.userCooldownMs;
      if (input.now < retryAt) {
        return {
          ok: false,
          code: "cooldown",
          cooldownMs: limits.userCooldownMs,
          retryAt,
          remainingMs: retryAt - input.now,
        };
      }
    }
  }
  if (input.guildId !== null) {
    const server = input.guildActive;
    if (server >= limits.guildMaxActive) {
      return { ok: false, code: "guild-active", active: server, limit: limits.guildMaxActive };
    }
  }
  return { ok: true };
}

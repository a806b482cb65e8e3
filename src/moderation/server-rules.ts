/**
 * A server's own rules for where and how often its members may start images: the channels `/imagine` may
 * be used in, age-restricted-only mode, and the daily images per member. Pure: the caller passes the
 * settings in force, where the interaction happened and the counts; a refusal is a code with the values its
 * message needs (`src/render/refusal.ts` writes it).
 */
import type { EffectiveSettings } from "../settings/effective-settings.js";

const DAY_MS = 86_400_000;

/** Where a submission comes from, as the server's rules care. */
export interface SubmissionPlace {
  /** The channel (or thread) the interaction was used in. */
  readonly channelId: string;
  /** The channel a thread belongs to; `null` for a channel. */
  readonly parentId: string | null;
  /** Whether the channel (a thread: its parent) is age-restricted. */
  readonly ageRestricted: boolean;
}

/** Why the place refuses a submission. */
export type PlaceRefusal =
  | {
      /** The server allows images only in `allowedChannelIds`. */
      readonly code: "channel-not-allowed";
      readonly allowedChannelIds: readonly string[];
    }
  | {
      /** The server (or, where it did not choose, the owner) allows images only in age-restricted channels. */
      readonly code: "age-restricted-only";
      /** The owner's rule (AGE_RESTRICTED_ONLY), not the server's own. */
      readonly byOwner: boolean;
    };

/** The member started `used` images today, their daily `limit`; they may start more at `resetAt`. */
export interface DailyRefusal {
  readonly code: "daily";
  readonly used: number;
  readonly limit: number;
  /** The next UTC midnight (ms since the epoch). */
  readonly resetAt: number;
}

/**
 * Whether a server's rules allow a submission in `place`: an allowed channel (a thread counts as its
 * channel), and an age-restricted one in age-restricted-only mode (the server's, else the owner's).
 * Moderators follow the rules too.
 */
export function checkPlace(settings: EffectiveSettings, place: SubmissionPlace): PlaceRefusal | null {
  const allowed = settings.allowedChannelIds.value;
  if (
    allowed.length > 0 &&
    !allowed.includes(place.channelId) &&
    (place.parentId === null || !allowed.includes(place.parentId))
  ) {
    return { code: "channel-not-allowed", allowedChannelIds: allowed };
  }
  const { ageRestrictedOnly } = settings;
  if (ageRestrictedOnly.value && !place.ageRestricted)
    return { code: "age-restricted-only", byOwner: ageRestrictedOnly.source === "owner" };
  return null;
}

/** The UTC day of `at` (ms since the epoch) as `YYYY-MM-DD`: daily counts are kept per such day. */
export function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** The next UTC midnight after `at`: when the daily count starts again. */
export function nextUtcMidnight(at: number): number {
  return (Math.floor(at / DAY_MS) + 1) * DAY_MS;
}

/**
 * Whether a member who started `used` images today may start another under `limit` (`null`: no limit).
 * Moderators (Manage Server) are exempt, like from the other per-member limits.
 */
export function checkDaily(input: {
  readonly used: number;
  readonly limit: number | null;
  readonly isModerator: boolean;
  readonly now: number;
}): DailyRefusal | null {
  if (input.limit === null || input.isModerator || input.used < input.limit) return null;
  return { code: "daily", used: input.used, limit: input.limit, resetAt: nextUtcMidnight(input.now) };
}

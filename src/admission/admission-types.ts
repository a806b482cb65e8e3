/** What `Admission` is built with, asked, and answers (see `admission.ts`). */
import type { BannedWords } from "../moderation/banned-words.js";
import type { DailyImageCounts } from "../moderation/daily-image-counts.js";
import type { ActiveJobRef } from "../moderation/usage-limits.js";
import type { EffectiveSettings, OwnerDefaults } from "../settings/effective-settings.js";
import type { GuildSettings } from "../settings/settings.js";
import type { HealthReader } from "./service-health.js";
import type { Speed } from "../prompt/speed.js";
import type { RefusalPauses } from "../moderation/refusal-pauses.js";
import type { SubmissionLedger } from "../fleet/fleet-channels.js";

/** The fleet's shared ledger, as admission is given it (`AdmissionOptions.fleet`). */
export interface FleetLedgerOptions {
  ledger: SubmissionLedger;
  /** This process's id, recorded on its places. */
  processId: string;
  /** A place its process never settled (it died) stops counting after this. Default 120000. */
  reservationMs?: number;
}

/** A job in flight as admission counts it; `ref` ties it to the submission that started it. */
export interface AdmittedJobRef extends ActiveJobRef {
  readonly ref: string;
}

export interface AdmissionOptions {
  /** The owner's defaults (environment), where a server set nothing. */
  owner: OwnerDefaults;
  /** The owner's banned words, which apply everywhere. */
  bannedWords: BannedWords;
  /** Midjourney's starter list (MIDJOURNEY_BANNED_WORDS), checked after the owner's and the server's; none when off. */
  midjourneyWords?: BannedWords | null;
  health: HealthReader;
  /** The speeds the job's server can run (`ServiceProfile.speeds`), read at each submission. Default: all. */
  serviceSpeeds?(): readonly Speed[];
  /** Members paused after Midjourney's refusals (`RefusalPauses`); none without it. */
  pauses?: Pick<RefusalPauses, "activePause">;
  /** A server's settings (read at every submission). Default: none set. */
  guildSettings?(guildId: string): Promise<GuildSettings>;
  /** Images started per member, server and day, for one process; a fleet's ledger counts its own. Default: in memory. */
  daily?: DailyImageCounts;
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
  fleet?: FleetLedgerOptions;
}

export type { Requester } from "../imagine/job-request.js";

/** What a member has used and has left, as `/quota` shows it. */
export interface Quota {
  settings: EffectiveSettings;
  /** Images started today (UTC) in this server (DMs: in DMs). */
  dailyUsed: number;
  /** When the daily count starts again (next UTC midnight, ms epoch). */
  resetAt: number;
  /** The member's jobs in flight (everywhere). */
  activeJobs: number;
  /** When the member's cooldown ends (ms epoch); `null` when it is over. */
  cooldownEndsAt: number | null;
}

/**
 * The place an admitted submission holds until it is submitted: while held it counts as a job in flight
 * and starts the user's cooldown, so submissions arriving at the same moment cannot all pass the limits.
 */
export interface AdmissionTicket {
  /** The settings in force for this submission (default parameters, Enhance, audit channel). */
  readonly settings: EffectiveSettings;
  /** The job was created: the user's cooldown counts from now (saved in the store); frees the place. */
  submitted(): Promise<void>;
  /** Frees the place without starting a cooldown (the job was not created). Safe to call more than once. */
  release(): void;
}

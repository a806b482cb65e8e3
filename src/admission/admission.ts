/**
 * Decides whether a new job may start, before anything is sent to the service: the list of checks
 * (`admission-checks.ts`, one rule each, one signature: `AdmissionCheck`) run in order, the first
 * refusal being the one the member reads, and a place held from the usage check until the job was created
 * or not. Settings are
 * read at each submission (a server's settings and a member's roles override the owner's defaults), so a
 * change applies at once. Shared by /imagine, the buttons that start images and DM prompts.
 */
import { MemoryDailyImageCounts, type DailyImageCounts } from "../moderation/daily-image-counts.js";
import { nextUtcMidnight, utcDay } from "../moderation/server-rules.js";
import type { Speed } from "../prompt/speed.js";
import { effectiveSettings, type EffectiveSettings } from "../settings/effective-settings.js";
import type { JobRequest } from "../imagine/job-request.js";
import type { HeldSubmission } from "./admission-check.js";
import type { AdmissionLedger } from "./admission-ledger.js";
import type { AdmissionOptions, AdmissionTicket, Quota, Requester } from "./admission-types.js";
import { AdmissionChecks } from "./admission-checks.js";
import { ALL_SPEEDS, defaultSpeed } from "./speed-check.js";
import { FleetLedger } from "./fleet-ledger.js";
import { HeldPlaces } from "./held-places.js";
import { LocalLedger } from "./local-ledger.js";

export { RefusedError, type AdmissionRefusal } from "./refused-error.js";
export type * from "./admission-types.js";

/** Checks submissions and holds their place until they are submitted. */
export class Admission {
  private readonly now: () => number;
  private readonly daily: DailyImageCounts;
  private readonly places: HeldPlaces;
  private readonly ledger: AdmissionLedger;
  private readonly checks: AdmissionChecks;

  constructor(private readonly options: AdmissionOptions) {
    this.now = options.now ?? Date.now;
    this.daily = options.daily ?? new MemoryDailyImageCounts();
    this.places = new HeldPlaces(options.activeJobs);
    this.ledger = options.fleet
      ? new FleetLedger(options.fleet)
      : new LocalLedger(this.daily, this.places, options.lastSubmission);
    this.checks = new AdmissionChecks({ options, places: this.places, ledger: this.ledger, now: this.now });
  }

  /** The settings in force for `requester` (DMs: the owner's defaults only). */
  async settingsFor(requester: Requester): Promise<EffectiveSettings> {
    const server =
      requester.guildId === null ? {} : ((await this.options.guildSettings?.(requester.guildId)) ?? {});
    return effectiveSettings(this.options.owner, server, requester.roleIds ?? []);
  }

  /**
   * Admits a submission and holds its place; release the ticket once the job was created or not.
   * @throws {RefusedError} when the submission may not start.
   */
  async admit(request: JobRequest): Promise<AdmissionTicket> {
    const settings = await this.settingsFor(request.requester);
    return this.ticket(await this.checks.run({ request, settings }));
  }

  /** The ticket of an admitted submission: its place is held until it is submitted or released. */
  private ticket(submission: HeldSubmission): AdmissionTicket {
    const { request, settings, place } = submission;
    let created = false;
    return {
      settings,
      submitted: async () => {
        created = true;
        const at = this.now();
        this.places.submitted(place, at, settings.userCooldownMs.value);
        await this.options.recordSubmission(request.requester.userId, at);
        await this.ledger.settle(submission, true);
      },
      release: () => {
        if (!this.places.release(place)) return;
        // A place not freed (the database is down) stops counting when it expires.
        if (!created) void this.ledger.settle(submission, false).catch(() => {});
      },
    };
  }

  /**
   * A job admitted at `at` ended without ever being sent (it waited in the bot's line and never started): it
   * no longer counts toward its member's images of that day, like a submission whose create failed.
   */
  async giveBackDailyImage(job: { requesterId: string; guildId: string | null; at: number }): Promise<void> {
    await this.daily.add(job.requesterId, job.guildId, utcDay(job.at), -1);
  }

  /** What `requester` used and has left today, with the settings in force (for `/quota`). */
  async quota(requester: Requester): Promise<Quota> {
    const settings = await this.settingsFor(requester);
    const now = this.now();
    const usage = await this.ledger.usage(requester, now);
    const cooldownMs = requester.isModerator ? 0 : settings.userCooldownMs.value;
    const cooldownEnd = usage.last === undefined ? null : usage.last + cooldownMs;
    return {
      settings,
      dailyUsed: usage.dailyUsed,
      resetAt: nextUtcMidnight(now),
      activeJobs: usage.activeJobs,
      cooldownEndsAt: cooldownEnd !== null && cooldownEnd > now ? cooldownEnd : null,
    };
  }

  /** The speed added to a prompt that names none (see `defaultSpeed` in `speed-check.ts`). */
  defaultSpeed(settings: EffectiveSettings, memberSpeed?: Speed): Speed | null {
    return defaultSpeed(settings, (this.options.serviceSpeeds ?? ALL_SPEEDS)(), memberSpeed);
  }
}

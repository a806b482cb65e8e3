/**
 * Decides whether a new job may start, before anything is sent to the service: the server's rules (allowed
 * channels, age-restricted-only), banned words (the owner's and the server's), usage limits (per member,
 * per server, per day; a server's settings and a member's roles override the owner's defaults, read at each
 * submission so a change applies at once), and a service that reports itself `paused`. Shared by /imagine, the buttons
 * that start images and DM prompts.
 */
import type { FleetUsage } from "../fleet/fleet-channels.js";
import { BannedWords } from "../moderation/banned-words.js";
import { MemoryDailyImageCounts, type DailyImageCounts } from "../moderation/daily-image-counts.js";
import { checkDaily, checkPlace, nextUtcMidnight, utcDay } from "../moderation/server-rules.js";
import {
  checkUsage,
  checkUsageCounts,
  type ActiveJobRef,
  type UsageDecision,
  type UsageLimits,
} from "../moderation/usage-limits.js";
import type { Prompt } from "../prompt/prompt.js";
import { SPEEDS, type Speed } from "../prompt/speed.js";
import { effectiveSettings, type EffectiveSettings } from "../settings/effective-settings.js";
import type {
  AdmissionOptions,
  AdmissionTicket,
  AdmittedJobRef,
  Quota,
  Requester,
} from "./admission-types.js";
import type { BannedWordsList } from "./admission-refusal.js";
import { RefusedError, type AdmissionRefusal } from "./refused-error.js";
import type { JobRequest } from "../imagine/job-request.js";

export { RefusedError, type AdmissionRefusal } from "./refused-error.js";
export type * from "./admission-types.js";

interface Reservation extends AdmittedJobRef {
  readonly at: number;
}

/** The usage limits of a submission under `settings`. */
function usageLimits(settings: EffectiveSettings): UsageLimits {
  return {
    userMaxActive: settings.userMaxActive.value,
    userCooldownMs: settings.userCooldownMs.value,
    guildMaxActive: settings.guildMaxActive.value,
  };
}

function refuse(decision: UsageDecision): void {
  if (decision.ok) return;
  const { ok: _ok, ...refusal } = decision;
  throw new RefusedError(refusal);
}

/** Checks submissions and holds their place until they are submitted. */
export class Admission {
  private readonly now: () => number;
  private readonly daily: DailyImageCounts;
  private readonly reservations = new Set<Reservation>();
  /** Accepted submissions of this process, newest per user: the store may not have the latest yet. */
  private readonly submittedAt = new Map<string, number>();
  /** Daily counts being checked and added to, per member, server and day: one at a time for each. */
  private readonly dailyTurns = new Map<string, Promise<unknown>>();
  /** Each server's banned words, compiled once per list. */
  private readonly serverWords = new Map<string, { list: string; words: BannedWords }>();

  constructor(private readonly options: AdmissionOptions) {
    this.now = options.now ?? Date.now;
    this.daily = options.daily ?? new MemoryDailyImageCounts();
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
    const { requester, ref } = request;
    const settings = await this.settingsFor(requester);
    if (requester.guildId !== null && request.place) {
      const refusal = checkPlace(settings, request.place);
      if (refusal) throw new RefusedError(refusal);
    }
    const pause = await this.options.pauses?.activePause(requester.userId, requester.guildId);
    if (pause) {
      const { until, refusals } = pause;
      throw new RefusedError({ code: "paused", until, refusals, inDm: requester.guildId === null });
    }
    this.checkBannedWords(request.prompt.text, requester.guildId, settings);
    this.checkSpeed(request.prompt, settings);
    const [stored, health] = await Promise.all([
      this.options.lastSubmission(requester.userId),
      this.options.health.current({ maxWaitMs: this.options.healthWaitMs ?? 1500 }),
    ]);
    // From here to the reservation nothing awaits, so no other submission can slip in between.
    const now = this.now();
    const limits = usageLimits(settings);
    refuse(
      checkUsage({
        userId: requester.userId,
        guildId: requester.guildId,
        isModerator: requester.isModerator,
        now,
        activeJobs: this.jobsInFlight(),
        lastSubmissionAt: this.lastSubmission(requester.userId, stored),
        limits,
      }),
    );
    // The service queues images in every other state (starting, not started, unhealthy): those jobs are
    // accepted, and their waiting message says the service is starting or down (service-facts.md).
    if (health.botStatus === "paused") {
      throw new RefusedError({
        code: "service-unhealthy",
        status: health.botStatus,
        detail: health.message || null,
      });
    }
    const reservation: Reservation = {
      requesterId: requester.userId,
      guildId: requester.guildId,
      ref,
      at: now,
    };
    this.reservations.add(reservation);
    const fleet = this.options.fleet;
    const day = utcDay(now);
    try {
      if (fleet) await this.reserveInFleet(requester, ref, settings, now, fleet);
      else await this.countToday(requester, settings, day, now);
    } catch (err) {
      this.reservations.delete(reservation);
      throw err;
    }
    let created = false;
    const settle = (submitted: boolean) =>
      fleet
        ? fleet.ledger.settle(ref, submitted)
        : submitted
          ? Promise.resolve()
          : this.daily.add(requester.userId, requester.guildId, day, -1);
    return {
      settings,
      submitted: async () => {
        created = true;
        const at = this.now();
        this.forgetSubmissionsBefore(at - limits.userCooldownMs);
        this.submittedAt.set(requester.userId, Math.max(at, this.submittedAt.get(requester.userId) ?? at));
        this.reservations.delete(reservation);
        await this.options.recordSubmission(requester.userId, at);
        await settle(true);
      },
      release: () => {
        if (!this.reservations.delete(reservation)) return;
        // A place not freed (the database is down) stops counting when it expires.
        if (!created) void settle(false).catch(() => {});
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
    const { userId, guildId } = requester;
    let usage: { dailyUsed: number; activeJobs: number; last: number | undefined };
    const fleet = this.options.fleet;
    if (fleet) {
      // A place that is never held: the ledger's count, read under its lock.
      const { usage: counted } = await fleet.ledger.reserve(
        { ...this.place(requester, now, fleet), ref: `quota-${userId}` },
        () => false,
      );
      usage = {
        dailyUsed: counted.dailyImages,
        activeJobs: counted.userActive,
        last: counted.lastSubmissionAt,
      };
    } else {
      const [dailyUsed, stored] = await Promise.all([
        this.daily.count(userId, guildId, utcDay(now)),
        this.options.lastSubmission(userId),
      ]);
      const activeJobs = this.jobsInFlight().filter((j) => j.requesterId === userId).length;
      usage = { dailyUsed, activeJobs, last: this.lastSubmission(userId, stored) };
    }
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

  /**
   * A speed the prompt asks for must be one the member may use here and the job's server can run.
   * @throws {RefusedError} for a speed not allowed, or `--relax` on a server that cannot follow relax mode.
   */
  private checkSpeed(prompt: Prompt, settings: EffectiveSettings): void {
    const asked = prompt.speed;
    if (asked === null) return;
    const runnable = this.options.serviceSpeeds?.() ?? SPEEDS;
    const allowed = runnable.filter((speed) => settings.speeds.value.includes(speed));
    if (allowed.includes(asked)) return;
    const why = runnable.includes(asked) ? "role" : "server";
    throw new RefusedError({ code: "speed-unavailable", speed: asked, why, available: allowed });
  }

  /**
   * The speed added to a prompt that names none: the member's own (`memberSpeed`), else the server's
   * default, the first of them the member may use and the server can run; else none (the account's own
   * mode). A member's speed that is not allowed here is skipped, never refused: they did not type it.
   */
  defaultSpeed(settings: EffectiveSettings, memberSpeed?: Speed): Speed | null {
    const runnable = this.options.serviceSpeeds?.() ?? SPEEDS;
    const usable = (speed: Speed | null | undefined): speed is Speed =>
      speed != null && runnable.includes(speed) && settings.speeds.value.includes(speed);
    if (usable(memberSpeed)) return memberSpeed;
    const server = settings.speed.value;
    return usable(server) ? server : null;
  }

  /**
   * Checks the owner's list, the server's, then Midjourney's starter list (when on): the first list with a
   * word of the prompt refuses it.
   * @throws {RefusedError} when the prompt has a word of one of them.
   */
  private checkBannedWords(prompt: string, guildId: string | null, settings: EffectiveSettings): void {
    const refuse = (matched: string, list: BannedWordsList): never => {
      throw new RefusedError({ code: "banned-words", list, inDm: guildId === null }, { matched, list });
    };
    const owner = this.options.bannedWords.find(prompt);
    if (owner !== null) refuse(owner, "owner");
    if (guildId !== null && settings.bannedWords.value.length > 0) {
      const list = settings.bannedWords.value.join("\n");
      let compiled = this.serverWords.get(guildId);
      if (compiled?.list !== list) {
        compiled = { list, words: new BannedWords(settings.bannedWords.value) };
        this.serverWords.set(guildId, compiled);
      }
      const matched = compiled.words.find(prompt);
      if (matched !== null) refuse(matched, "server");
    }
    const midjourney = this.options.midjourneyWords?.find(prompt) ?? null;
    if (midjourney !== null) refuse(midjourney, "midjourney");
  }

  /**
   * Checks the member's images today and counts this one, one submission at a time per member, server
   * and day (this process is the database's only user).
   * @throws {RefusedError} over the daily limit.
   */
  private async countToday(
    requester: Requester,
    settings: EffectiveSettings,
    day: string,
    now: number,
  ): Promise<void> {
    const key = `${requester.guildId ?? ""} ${requester.userId} ${day}`;
    const turn = (this.dailyTurns.get(key) ?? Promise.resolve()).then(async () => {
      const used = await this.daily.count(requester.userId, requester.guildId, day);
      const limit = settings.userDailyImages.value;
      const refusal = checkDaily({ used, limit, isModerator: requester.isModerator, now });
      if (refusal) throw new RefusedError(refusal);
      await this.daily.add(requester.userId, requester.guildId, day, 1);
    });
    const settled = turn.catch(() => {});
    this.dailyTurns.set(key, settled);
    void settled.then(() => {
      if (this.dailyTurns.get(key) === settled) this.dailyTurns.delete(key);
    });
    await turn;
  }

  private place(requester: Requester, now: number, fleet: NonNullable<AdmissionOptions["fleet"]>) {
    return {
      userId: requester.userId,
      guildId: requester.guildId,
      at: now,
      day: utcDay(now),
      owner: fleet.processId,
      expiresAt: now + (fleet.reservationMs ?? 120_000),
    };
  }

  /**
   * Counts the fleet's use and holds a place under its lock (counting the image of the day with it).
   * @throws {RefusedError} when the fleet's count refuses the submission.
   */
  private async reserveInFleet(
    requester: Requester,
    ref: string,
    settings: EffectiveSettings,
    now: number,
    fleet: NonNullable<AdmissionOptions["fleet"]>,
  ): Promise<void> {
    const limits = usageLimits(settings);
    const decide = (usage: FleetUsage): AdmissionRefusal | null => {
      const decision = checkUsageCounts({
        userId: requester.userId,
        guildId: requester.guildId,
        isModerator: requester.isModerator,
        now,
        userActive: usage.userActive,
        guildActive: usage.guildActive,
        lastSubmissionAt: usage.lastSubmissionAt,
        limits,
      });
      if (!decision.ok) {
        const { ok: _ok, ...refusal } = decision;
        return refusal;
      }
      const limit = settings.userDailyImages.value;
      return checkDaily({ used: usage.dailyImages, limit, isModerator: requester.isModerator, now });
    };
    const place = { ...this.place(requester, now, fleet), ref };
    const { usage, reserved } = await fleet.ledger.reserve(place, (usage) => decide(usage) === null);
    const refusal = decide(usage);
    if (!reserved && refusal) throw new RefusedError(refusal);
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

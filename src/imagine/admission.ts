/**
 * Decides whether a new job may start, before anything is sent to the service: usage limits, banned
 * words, and the service's own health. Shared by /imagine, the reroll button and DM prompts.
 */
import { UserError } from "../errors.js";
import { BANNED_WORDS_MESSAGE, type BannedWords } from "../moderation/banned-words.js";
import { checkUsage, type UsageLimits } from "../moderation/usage-limits.js";
import type { ActiveJobRef } from "../moderation/usage-limits.js";
import type { ServiceHealthMonitor } from "./service-health.js";

/** A refused submission: what the user reads, and why (for the log and the audit channel). */
export class RefusedError extends UserError {
  constructor(
    message: string,
    readonly reason: string,
    detail?: unknown,
  ) {
    super(message, detail);
    this.name = "RefusedError";
  }
}

export interface AdmissionOptions {
  limits: UsageLimits;
  bannedWords: BannedWords;
  health: ServiceHealthMonitor;
  activeJobs(): ActiveJobRef[];
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
}

export interface AdmissionRequest {
  userId: string;
  guildId: string | null;
  isModerator: boolean;
  prompt: string;
}

/** Checks and records submissions. */
export class Admission {
  private readonly now: () => number;

  constructor(private readonly options: AdmissionOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Throws a {@link RefusedError} when the submission may not start. */
  async admit(request: AdmissionRequest): Promise<void> {
    const matched = this.options.bannedWords.find(request.prompt);
    if (matched !== null) throw new RefusedError(BANNED_WORDS_MESSAGE, "banned-words", { matched });
    const now = this.now();
    const decision = checkUsage({
      userId: request.userId,
      guildId: request.guildId,
      isModerator: request.isModerator,
      now,
      activeJobs: this.options.activeJobs(),
      lastSubmissionAt: await this.options.lastSubmission(request.userId),
      limits: this.options.limits,
    });
    if (!decision.ok) throw new RefusedError(decision.message, decision.reason);
    const health = await this.options.health.current({ maxWaitMs: this.options.healthWaitMs ?? 1500 });
    if (health.botStatus !== null && health.botStatus !== "healthy") {
      const why = health.message ? ` (${health.message.slice(0, 200)})` : "";
      throw new RefusedError(
        `The image service reports that it is **${health.botStatus}**${why}, so a new image would only wait in the queue. Please try again later.`,
        "service-unhealthy",
      );
    }
  }

  /** Records an accepted submission: the user's cooldown counts from now. */
  async recordSubmission(userId: string): Promise<void> {
    await this.options.recordSubmission(userId, this.now());
  }
}

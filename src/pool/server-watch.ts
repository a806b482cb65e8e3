/**
 * Watches how the image server's jobs end, for what only a run of endings shows: a self-hosted ImagineAPI
 * that can no longer drive Midjourney (out of date), and an account in relax mode that such a server cannot
 * follow. Tells the owner once in the log; `/imagine-status` and the failed jobs' messages read
 * {@link ServerWatch.outOfDate}. The pool keeps one per server (`ImageServer.watch`), told of the endings of
 * that server's jobs only; its log lines carry the server's name.
 *
 * The out-of-date pattern (midjourney-facts.md, "When a self-hosted server falls behind Midjourney"): when
 * Midjourney changes its `/imagine` command, the server's hard-coded command version is refused, and its
 * jobs end with `Image not sent to API`, `Timeout after prompt was sent` or `Timeout while waiting to start`
 * one after another, while `/items/status` may still say `healthy`. So: {@link OUT_OF_DATE_RUN} such
 * failures in a row (no job completed and no Midjourney message between them), within
 * {@link OUT_OF_DATE_WINDOW_MS}, on a server known to be self-hosted whose status is healthy (or unknown).
 * A not-healthy status is a captcha or login problem, told by the waiting message instead. The next job
 * that completes, or a Midjourney message, ends it.
 */
import type { Logger } from "../logger.js";
import { classifyImageError, isOutOfDateFailure, isRelaxedLine } from "../render/image-errors.js";

/** Failures in a row that name a server out of date. */
export const OUT_OF_DATE_RUN = 3;
/** Longest time from the first to the last failure of such a run. */
export const OUT_OF_DATE_WINDOW_MS = 10 * 60_000;
/** Least time between two owner's log lines about relax mode. */
const RELAX_LOG_INTERVAL_MS = 10 * 60_000;

/** What names the server out of date: since when, and the failures seen (oldest first). */
export interface OutOfDate {
  readonly since: number;
  readonly errors: readonly string[];
}

export interface ServerWatchOptions {
  logger: Logger;
  now(): number;
  /** Whether the server is known to be a self-hosted ImagineAPI (`ServiceProfile.selfHosted`). */
  selfHosted(): boolean;
  /** The server's last reported `bot_status`; null when unknown. */
  botStatus(): string | null;
}

/** One server's recent job endings, and what they say about it. */
export class ServerWatch {
  /** The current run of out-of-date failures: job id → when and with what it failed. */
  private readonly run = new Map<string, { at: number; error: string }>();
  private named: OutOfDate | null = null;
  /** While named: no new job before this time (then one may go, and its ending tells again). */
  private holdUntil = 0;
  private relaxLoggedAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: ServerWatchOptions) {}

  /** Whether the server is named out of date now, and why; null when not. */
  get outOfDate(): OutOfDate | null {
    return this.named;
  }

  /**
   * Whether the server is named out of date and should get no new job at `now` while others can take them.
   * Held back {@link OUT_OF_DATE_WINDOW_MS} after the naming or its latest out-of-date failure: then jobs may
   * go again, so an updated server is found working by its next completed job.
   */
  holdsBack(now: number): boolean {
    return this.named !== null && now < this.holdUntil;
  }

  /**
   * Notes that job `jobId` ended (`status` completed or failed, with the record's `error`) and returns
   * whether the server is named out of date now. Safe to call again for the same job.
   */
  jobEnded(jobId: string, ended: "completed" | "failed", error: string | null): boolean {
    const now = this.options.now();
    if (ended === "failed" && isRelaxedLine(error)) this.relaxFailed(jobId, now);
    if (ended === "completed" || !isOutOfDateFailure(error)) {
      // A completed job, or any answer from Midjourney: the server still drives Midjourney.
      if (ended === "completed" || classifyImageError(error).kind !== "unknown") this.clear();
      return this.named !== null;
    }
    this.run.set(jobId, { at: now, error: error ?? "" });
    if (this.named !== null) this.holdUntil = now + OUT_OF_DATE_WINDOW_MS;
    for (const [id, failure] of this.run) if (failure.at < now - OUT_OF_DATE_WINDOW_MS) this.run.delete(id);
    const botStatus = this.options.botStatus();
    const healthy = botStatus === null || botStatus === "healthy";
    if (this.named === null && this.run.size >= OUT_OF_DATE_RUN && healthy && this.options.selfHosted()) {
      const failures = [...this.run.values()];
      this.named = { since: now, errors: failures.map((f) => f.error) };
      this.holdUntil = now + OUT_OF_DATE_WINDOW_MS;
      this.options.logger.error(
        { failures: failures.length, errors: this.named.errors, windowMs: OUT_OF_DATE_WINDOW_MS },
        "this server's ImagineAPI probably needs updating: its last jobs failed one after another with " +
          "'Image not sent to API' or time-outs while its status says healthy, as when Midjourney changed " +
          "its /imagine command and the server's hard-coded command version is refused; update ImagineAPI " +
          "(or its Midjourney command version) and restart it; it gets no new job while other servers can take them",
      );
    }
    return this.named !== null;
  }

  private clear(): void {
    this.run.clear();
    if (this.named === null) return;
    this.named = null;
    this.options.logger.info("the image server completes jobs again: it is no longer named out of date");
  }

  /** A job failed with the relax-mode progress line: the owner is told what to switch (at most every 10 min). */
  private relaxFailed(jobId: string, now: number): void {
    if (now - this.relaxLoggedAt < RELAX_LOG_INTERVAL_MS) return;
    this.relaxLoggedAt = now;
    this.options.logger.warn(
      { jobId },
      "a job failed in Midjourney's relax mode, which a self-hosted ImagineAPI cannot follow: switch the " +
        "server's Midjourney account to fast mode (type /fast in Midjourney's Discord, or choose Fast in " +
        "its /settings), and take --relax out of server default parameters",
    );
  }
}

import { silentLogger, type Logger } from "../logger.js";
import { exponentialBackoffMs, withJitter } from "./backoff.js";
import { isDeliveryError, type DeliveryError } from "./delivery-error.js";
import type {
  DeliveryFailure,
  MessageUpdate,
  MessageUpdateStats,
  MessageUpdateThrottleOptions,
  ShowOutcome,
} from "./message-update-options.js";
import { settle, type MessageState, type QueuedUpdate } from "./message-update-state.js";
import { Scheduler } from "./scheduler.js";

export type * from "./message-update-options.js";

/**
 * Decides when a job's rendered message is actually sent to Discord, to edit only on visible change and
 * stay far below Discord's per-message rate limits: identical keys are skipped; progress edits of one
 * message start at least `minIntervalMs` apart, a change inside the interval waits as the pending latest
 * (trailing edit, on the shared {@link Scheduler}, key `edit:<jobId>`); one request per message is in
 * flight at a time and later changes coalesce; a final update goes out right after any in-flight edit,
 * replaces anything pending, and is retried for minutes. Generic over the payload type.
 * @see https://discord.com/developers/docs/topics/rate-limits
 */
export class MessageUpdateThrottle<P> {
  private readonly options: MessageUpdateThrottleOptions<P>;
  private readonly scheduler: Scheduler;
  private readonly random: () => number;
  private readonly log: Logger;
  private readonly states = new Map<string, MessageState<P>>();
  private readonly counters: MessageUpdateStats = {
    sends: 0,
    delivered: 0,
    skipped: 0,
    coalesced: 0,
    retries: 0,
    failures: 0,
  };

  /** @throws {RangeError} when `minIntervalMs` is negative or not a number. */
  constructor(options: MessageUpdateThrottleOptions<P>) {
    if (!(options.minIntervalMs >= 0)) {
      throw new RangeError(`minIntervalMs must be 0 or more (got ${String(options.minIntervalMs)})`);
    }
    this.options = options;
    this.scheduler = options.scheduler ?? new Scheduler(options.clock ? { clock: options.clock } : {});
    this.random = options.random ?? Math.random;
    this.log = options.logger ?? silentLogger;
  }

  /** A copy of the counters. */
  get stats(): MessageUpdateStats {
    return { ...this.counters };
  }

  /** Messages with state: every job shown and not yet forgotten (or gone). */
  get size(): number {
    return this.states.size;
  }

  /**
   * Offers an update of a job's message. Never rejects. A final update resolves once delivered or
   * definitively given up; after it, progress updates of the job are skipped (a late one must not hide
   * the result). Call {@link forget} when the job ends, or its small state stays.
   * @throws {TypeError} when `key` is not a string.
   */
  show(jobId: string, update: MessageUpdate<P>): Promise<ShowOutcome> {
    if (typeof update.key !== "string") throw new TypeError(`show: key of job ${jobId} must be a string`);
    const final = update.final === true;
    let state = this.states.get(jobId);
    if (!final && state && (state.finalRequested || state.messageGone || update.key === state.latestKey)) {
      this.counters.skipped++;
      return Promise.resolve("skipped");
    }
    state ??= this.createState(jobId);
    const current = state;
    return new Promise((resolve) => {
      const item: QueuedUpdate<P> = {
        ...update,
        final,
        waiters: [resolve],
        attempts: 0,
        firstFailureAt: undefined,
      };
      if (current.pending) this.supersede(current.pending, item);
      current.pending = item;
      current.latestKey = item.key;
      if (final) current.finalRequested = true;
      this.pump(jobId, current);
    });
  }

  /**
   * Whether a progress update with `key` would be skipped now (it is the newest accepted, a final one was
   * requested, or the message is gone), so a caller can avoid rendering an update that would change nothing.
   */
  wouldSkip(jobId: string, key: string): boolean {
    const state = this.states.get(jobId);
    return state !== undefined && (state.finalRequested || state.messageGone || state.latestKey === key);
  }

  /** Drops a job's state: its pending and in-flight updates resolve `cancelled`. */
  forget(jobId: string): boolean {
    const state = this.states.get(jobId);
    if (!state) return false;
    this.drop(jobId, state);
    for (const item of [state.inFlight, state.pending]) if (item) settle(item, "cancelled");
    return true;
  }

  private createState(jobId: string): MessageState<P> {
    const state: MessageState<P> = {
      editKey: `edit:${jobId}`,
      latestKey: null,
      shownKey: null,
      lastSendAt: -Infinity,
      notBefore: -Infinity,
      inFlight: null,
      pending: null,
      finalRequested: false,
      messageGone: false,
    };
    this.states.set(jobId, state);
    return state;
  }

  private drop(jobId: string, state: MessageState<P>): void {
    if (this.states.get(jobId) === state) this.states.delete(jobId);
    this.scheduler.cancel(state.editKey);
  }

  /** `newer` replaces `older` in the queue; a final's waiters stay with the final that replaces it. */
  private supersede(older: QueuedUpdate<P>, newer: QueuedUpdate<P>): void {
    this.counters.coalesced++;
    if (older.final && newer.final) newer.waiters.push(...older.waiters);
    else settle(older, "superseded");
  }

  private pump(jobId: string, state: MessageState<P>): void {
    const item = state.pending;
    if (state.inFlight || !item || this.states.get(jobId) !== state) return;
    const now = this.scheduler.now();
    const readyAt = item.final
      ? state.notBefore
      : Math.max(state.notBefore, state.lastSendAt + this.options.minIntervalMs);
    if (now < readyAt) {
      this.scheduler.schedule(state.editKey, readyAt, () => this.pump(jobId, state));
      return;
    }
    this.scheduler.cancel(state.editKey);
    state.pending = null;
    state.inFlight = item;
    state.lastSendAt = now;
    this.counters.sends++;
    void this.deliver(jobId, state, item);
  }

  private async deliver(jobId: string, state: MessageState<P>, item: QueuedUpdate<P>): Promise<void> {
    let error: unknown;
    let delivered = false;
    try {
      await this.options.send(jobId, item.payload, { final: item.final });
      delivered = true;
    } catch (err) {
      error = err;
    }
    state.inFlight = null;
    if (this.states.get(jobId) !== state) return;
    if (delivered) {
      this.counters.delivered++;
      state.shownKey = item.key;
      settle(item, "delivered");
    } else {
      this.failed(jobId, state, item, error);
    }
    this.pump(jobId, state);
  }

  private failed(jobId: string, state: MessageState<P>, item: QueuedUpdate<P>, error: unknown): void {
    const kind = isDeliveryError(error) ? error.kind : "transient";
    const now = this.scheduler.now();
    item.attempts++;
    item.firstFailureAt ??= now;
    const willRetry =
      kind === "transient" &&
      (item.final
        ? now - item.firstFailureAt < (this.options.finalRetryForMs ?? 600_000)
        : item.attempts < (this.options.maxProgressAttempts ?? 3));
    const failure = { final: item.final, attempt: item.attempts, willRetry };
    if (kind === "message-gone") return this.gone(jobId, state, item, error as DeliveryError, failure);
    this.report(jobId, error, failure);
    if (!willRetry) {
      this.counters.failures++;
      // What the user sees is still the last delivered update: the next change must not be skipped.
      if (!state.pending) state.latestKey = state.shownKey;
      return settle(item, "failed");
    }
    this.counters.retries++;
    const retryAfterMs = isDeliveryError(error) ? error.retryAfterMs : undefined;
    const delay =
      retryAfterMs ??
      withJitter(
        exponentialBackoffMs(
          item.attempts,
          this.options.retryBaseMs ?? 1_000,
          this.options.retryMaxMs ?? 30_000,
        ),
        0.2,
        this.random,
      );
    state.notBefore = Math.max(state.notBefore, now + delay);
    if (state.pending) this.supersede(item, state.pending);
    else state.pending = item;
  }

  /**
   * The message is gone: no more progress edits of it, ever (a deleted message would otherwise be tried at
   * every poll), logged once. A final update still goes out: the sender posts it somewhere else.
   */
  private gone(
    jobId: string,
    state: MessageState<P>,
    item: QueuedUpdate<P>,
    error: DeliveryError,
    failure: DeliveryFailure,
  ): void {
    this.counters.failures++;
    settle(item, "message-gone");
    if (item.final) {
      this.report(jobId, error, failure);
      return;
    }
    state.messageGone = true;
    if (state.pending && !state.pending.final) {
      settle(state.pending, "skipped");
      state.pending = null;
    }
    if (!state.pending) this.scheduler.cancel(state.editKey);
    this.logFor(jobId).warn(
      { kind: error.kind, route: error.route, reason: error.message },
      "The job's message is gone: no more progress edits; the result will be posted anew",
    );
    this.notify(jobId, "onGone", () => this.options.onGone?.(jobId, error));
    this.notify(jobId, "onError", () => this.options.onError?.(jobId, error, failure));
  }

  /** One line per failed send, at warn (an error the sender classified) or error (anything else: a bug). */
  private report(jobId: string, error: unknown, failure: DeliveryFailure): void {
    const log = this.logFor(jobId);
    if (isDeliveryError(error)) {
      // The sender's classified error: its reason, not its stack, which says nothing new each time.
      log.warn(
        { kind: error.kind, route: error.route, reason: error.message, ...failure },
        failure.willRetry
          ? "Updating the job's message failed; will retry"
          : "Updating the job's message failed",
      );
    } else {
      log.error({ err: error, ...failure }, "Updating the job's message failed");
    }
    this.notify(jobId, "onError", () => this.options.onError?.(jobId, error, failure));
  }

  private notify(jobId: string, name: string, callback: () => void): void {
    try {
      callback();
    } catch (err) {
      this.logFor(jobId).error({ err }, `${name} threw`);
    }
  }

  private logFor(jobId: string): Logger {
    return this.options.jobLogger?.(jobId) ?? this.log.child({ jobId });
  }
}

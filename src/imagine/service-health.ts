/**
 * What the bot knows of the image service's health: the last `/items/status` answer (cached briefly so
 * a burst of submissions asks once), its latency, and the last error seen.
 */
import { setTimeout as delay } from "node:timers/promises";
import type { ServiceHealth } from "../render/status.js";
import { errorMessage } from "../errors.js";
import type { ServiceStatus } from "../service/schema.js";

export interface ServiceHealthOptions {
  getServiceStatus(): Promise<ServiceStatus>;
  now?: () => number;
  /** How long one answer is reused. Default 15 s. */
  cacheMs?: number;
  /** Waits `ms` unless `signal` aborts first (then it may reject). Default: a real timer. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** Options of {@link ServiceHealthMonitor.current}. */
export interface CurrentHealthOptions {
  /**
   * Longest wait for a fresh answer; after it, the last snapshot is returned (status unknown when there is
   * none) and the check goes on in the background. Default: wait for the answer.
   */
  maxWaitMs?: number;
}

/** Follows the image service's own health report. */
export class ServiceHealthMonitor {
  private snapshot: ServiceHealth = {
    botStatus: null,
    message: null,
    latencyMs: null,
    lastError: null,
    checkedAt: null,
  };
  private inFlight: Promise<ServiceHealth> | null = null;
  private readonly now: () => number;
  private readonly cacheMs: number;
  private readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;

  constructor(private readonly options: ServiceHealthOptions) {
    this.now = options.now ?? Date.now;
    this.cacheMs = options.cacheMs ?? 15_000;
    this.sleep = options.sleep ?? ((ms, signal) => delay(ms, undefined, { signal }));
  }

  /**
   * The latest known health, asking the service when the cached answer is older than the cache time.
   * With `maxWaitMs`, a slow answer (a hanging service, retries) is not waited for beyond that.
   */
  async current(options: CurrentHealthOptions = {}): Promise<ServiceHealth> {
    const { checkedAt } = this.snapshot;
    if (checkedAt !== null && this.now() - checkedAt < this.cacheMs) return this.snapshot;
    this.inFlight ??= this.check().finally(() => (this.inFlight = null));
    if (options.maxWaitMs === undefined) return this.inFlight;
    const stopWaiting = new AbortController();
    const waited = this.sleep(options.maxWaitMs, stopWaiting.signal).then(
      () => this.snapshot,
      () => this.snapshot,
    );
    try {
      return await Promise.race([this.inFlight, waited]);
    } finally {
      stopWaiting.abort();
    }
  }

  /** Remembers an error from any request to the service, for the status command. */
  recordError(err: unknown): void {
    this.snapshot = { ...this.snapshot, lastError: errorMessage(err) };
  }

  /** The last snapshot, without asking the service. */
  get last(): ServiceHealth {
    return this.snapshot;
  }

  private async check(): Promise<ServiceHealth> {
    const started = this.now();
    try {
      const status = await this.options.getServiceStatus();
      this.snapshot = {
        ...this.snapshot,
        botStatus: status.bot_status,
        message: status.message ?? null,
        latencyMs: this.now() - started,
        checkedAt: this.now(),
      };
    } catch (err) {
      this.snapshot = {
        ...this.snapshot,
        botStatus: null,
        latencyMs: null,
        lastError: errorMessage(err),
        checkedAt: this.now(),
      };
    }
    return this.snapshot;
  }
}

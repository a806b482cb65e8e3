/**
 * What the bot knows of the image service's health: the last `/items/status` answer (cached briefly so
 * a burst of submissions asks once; a not-healthy one for a second only), its latency, and the last failure that says something about the
 * service as a whole (an outage, refused credentials; not a 403 about one image).
 */
import { setTimeout as delay } from "node:timers/promises";
import { errorMessage } from "../errors.js";
import { isOutageKind } from "../jobs/outage-policy.js";
import { isServiceError } from "../service/errors.js";
import type { ServiceStatus } from "../service/schema.js";

/** The image service's health as last checked (`GET /items/status`), and its last outage-like error. */
export interface ServiceHealth {
  /** `bot_status` (`healthy`, `unhealthy`, `starting`, `paused`, or another word); `null` if unknown. */
  readonly botStatus: string | null;
  readonly message: string | null;
  /** Round trip of the last check; `null` if it failed. */
  readonly latencyMs: number | null;
  /** The last error that says the service is down or refusing the bot, if any. */
  readonly lastError: string | null;
  /**
   * The {@link lastError}'s `ServiceErrorKind` (`network`, `timeout`, …), shown to moderators in plain words
   * rather than its message (which may name an address); null or absent for another error.
   */
  readonly lastErrorKind?: string | null;
  /** When {@link lastError} happened (ms since the epoch); `null` if never. */
  readonly lastErrorAt: number | null;
  /** When it was checked (ms since the epoch); `null` if never. */
  readonly checkedAt: number | null;
  /** Since when its checks fail (the first failed check since the last answer); null or absent: it answers. */
  readonly unreachableSince?: number | null;
}

/** How long an outage-like error keeps a service that reports `healthy` shown as `degraded`. */
export const RECENT_ERROR_WINDOW_MS = 5 * 60_000;

/**
 * One word for the service's health at `now`: `unreachable` when the last check failed, `unknown` before
 * any check, `degraded` when it reports `healthy` but a request failed like an outage within
 * {@link RECENT_ERROR_WINDOW_MS}, otherwise its own `bot_status`.
 */
export function serviceCondition(health: ServiceHealth, now: number): string {
  if (health.botStatus === null) return health.checkedAt === null ? "unknown" : "unreachable";
  const recentError = health.lastErrorAt !== null && now - health.lastErrorAt < RECENT_ERROR_WINDOW_MS;
  return health.botStatus === "healthy" && recentError ? "degraded" : health.botStatus;
}

export interface ServiceHealthOptions {
  getServiceStatus(): Promise<ServiceStatus>;
  now?: () => number;
  /** How long one `healthy` answer is reused. Default 15 s. */
  cacheMs?: number;
  /**
   * How long another answer (or a failed check) is reused, at most `cacheMs`. Default 1 s: a server coming
   * back is found at the next look (the waiting line looks every 2 s), not 15 s later.
   */
  recheckMs?: number;
  /** Told when an answer says `healthy` after another answer, a failed check, or none yet. */
  onHealthy?: () => void;
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

/** What readers of the health need: the pool's health (see `ServerPool.health`) is read the same way. */
export type HealthReader = Pick<ServiceHealthMonitor, "current" | "last">;

/** Follows the image service's own health report. */
export class ServiceHealthMonitor {
  private snapshot: ServiceHealth = {
    botStatus: null,
    message: null,
    latencyMs: null,
    lastError: null,
    lastErrorAt: null,
    checkedAt: null,
  };
  private inFlight: Promise<ServiceHealth> | null = null;
  private readonly now: () => number;
  private readonly cacheMs: number;
  private readonly recheckMs: number;
  private readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;

  constructor(private readonly options: ServiceHealthOptions) {
    this.now = options.now ?? Date.now;
    this.cacheMs = options.cacheMs ?? 15_000;
    this.recheckMs = Math.min(this.cacheMs, options.recheckMs ?? 1_000);
    this.sleep = options.sleep ?? ((ms, signal) => delay(ms, undefined, { signal }));
  }

  /**
   * The latest known health, asking the service when the cached answer is older than the cache time.
   * With `maxWaitMs`, a slow answer (a hanging service, retries) is not waited for beyond that.
   */
  async current(options: CurrentHealthOptions = {}): Promise<ServiceHealth> {
    const { checkedAt, botStatus } = this.snapshot;
    const reuseMs = botStatus === "healthy" ? this.cacheMs : this.recheckMs;
    if (checkedAt !== null && this.now() - checkedAt < reuseMs) return this.snapshot;
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

  /**
   * Remembers an error from any request to the service, for the status command, when it says something
   * about the service's health: a 403 about one image (unknown, or someone else's) or a refused prompt
   * does not.
   */
  recordError(err: unknown): void {
    if (!isOutageKind(isServiceError(err) ? err.kind : undefined)) return;
    this.snapshot = {
      ...this.snapshot,
      lastError: errorMessage(err),
      lastErrorKind: isServiceError(err) ? err.kind : null,
      lastErrorAt: this.now(),
    };
  }

  /** The last snapshot, without asking the service. */
  get last(): ServiceHealth {
    return this.snapshot;
  }

  private async check(): Promise<ServiceHealth> {
    const started = this.now();
    try {
      const status = await this.options.getServiceStatus();
      const before = this.snapshot.botStatus;
      this.snapshot = {
        ...this.snapshot,
        botStatus: status.bot_status,
        message: status.message ?? null,
        latencyMs: this.now() - started,
        checkedAt: this.now(),
        unreachableSince: null,
      };
      if (status.bot_status === "healthy" && before !== "healthy") this.options.onHealthy?.();
    } catch (err) {
      this.snapshot = {
        ...this.snapshot,
        botStatus: null,
        latencyMs: null,
        lastError: errorMessage(err),
        lastErrorKind: isServiceError(err) ? err.kind : null,
        lastErrorAt: this.now(),
        checkedAt: this.now(),
        unreachableSince: this.snapshot.unreachableSince ?? this.now(),
      };
    }
    return this.snapshot;
  }
}

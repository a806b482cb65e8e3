/**
 * What the bot knows of the image service's health: the last `/items/status` answer (cached briefly so
 * a burst of submissions asks once), its latency, and the last error seen.
 */
import type { ServiceHealth } from "../render/status.js";
import { errorMessage } from "../errors.js";
import type { ServiceStatus } from "../service/schema.js";

export interface ServiceHealthOptions {
  getServiceStatus(): Promise<ServiceStatus>;
  now?: () => number;
  /** How long one answer is reused. Default 15 s. */
  cacheMs?: number;
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

  constructor(private readonly options: ServiceHealthOptions) {
    this.now = options.now ?? Date.now;
    this.cacheMs = options.cacheMs ?? 15_000;
  }

  /** The latest known health, asking the service when the cached answer is older than the cache time. */
  async current(): Promise<ServiceHealth> {
    const { checkedAt } = this.snapshot;
    if (checkedAt !== null && this.now() - checkedAt < this.cacheMs) return this.snapshot;
    this.inFlight ??= this.check().finally(() => (this.inFlight = null));
    return this.inFlight;
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

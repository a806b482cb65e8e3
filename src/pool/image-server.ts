/**
 * One ImagineAPI server of the pool: its client, what it is (ref, upscale route: found out on its own), its
 * health, the jobs it runs, and whether its creates fail (then it gets no new job until a back-off passed or
 * its status turns `healthy` again).
 */
import type { ServiceHealthMonitor } from "../admission/service-health.js";
import { errorMessage } from "../errors.js";
import type { ImagineClient } from "../service/client.js";
import { isServiceError } from "../service/errors.js";
import type { ServiceProfile } from "../service/service-profile.js";
import type { ServerWatch } from "./server-watch.js";
import type { AccountPort } from "./account-health/account-health.js";

/** First wait after a failed create before the server gets a new job; doubles up to {@link MAX_BACKOFF_MS}. */
export const FIRST_BACKOFF_MS = 5_000;
export const MAX_BACKOFF_MS = 60_000;

/** Statuses in which a server gets no new job: its images would only wait (`paused`: refused). */
const NOT_TAKING = new Set(["unhealthy", "paused"]);

/**
 * Whether a failed create says the server is down (5xx, no JSON, time-out, no connection) rather than
 * refusing this one prompt (validation, a refused prompt, quota).
 */
export function isServerDown(err: unknown): boolean {
  if (!isServiceError(err)) return false;
  return err.kind === "server" || err.kind === "not-json" || err.kind === "network" || err.kind === "timeout";
}

/** What {@link ImageServer} is built from: its fixed fields, and how its jobs end (none in unit tests of routing alone). */
export type ImageServerParts = Pick<
  ImageServer,
  "number" | "name" | "slots" | "client" | "profile" | "health"
> & {
  readonly watch?: ServerWatch;
  /** Its Midjourney account's health (held after a notice, paced): none in unit tests of routing alone. */
  readonly account?: AccountPort;
};

/** A server's state for routing and for moderators (see `/imagine-status`). */
export class ImageServer {
  readonly number: number;
  readonly name: string;
  readonly slots: number;
  readonly client: ImagineClient;
  readonly profile: ServiceProfile;
  readonly health: ServiceHealthMonitor;
  /** How its jobs end: whether it is named out of date (then it gets no new job while others can take them). */
  readonly watch: ServerWatch | null;
  /** Whether its account may get new work (`AccountHealth`); null: always. */
  readonly account: AccountPort | null;
  /** Image ids of the jobs it runs now (each holds one of its slots). */
  readonly running = new Set<string>();
  /** Creates sent and not answered yet (each holds a slot too). */
  creating = 0;
  /** Failed creates in a row. */
  private createFailures = 0;
  /** No new job before this time (ms epoch) after a failed create. */
  private backoffUntil = 0;
  /** The last create failure, for moderators. */
  lastCreateError: string | null = null;
  /** Its `ServiceErrorKind` (shown in plain words, never the message, which may name an address). */
  lastCreateErrorKind: string | null = null;
  /** When the last create failed (ms epoch). */
  lastCreateErrorAt: number | null = null;
  /** Told when its status turns healthy (`statusTurnedHealthy`). */
  private readonly backListeners: (() => void)[] = [];

  constructor(parts: ImageServerParts) {
    this.number = parts.number;
    this.name = parts.name;
    this.slots = parts.slots;
    this.client = parts.client;
    this.profile = parts.profile;
    this.health = parts.health;
    this.watch = parts.watch ?? null;
    this.account = parts.account ?? null;
  }

  /** Whether its account may get a new create at `now`: not held after a notice, not resting or at its budget. */
  accountOpen(now: number): boolean {
    return this.account?.takesJobs(this.name, now) ?? true;
  }

  /** Whether it is named out of date at `now` (`ServerWatch.holdsBack`): others take new jobs first. */
  heldBack(now: number): boolean {
    return this.watch?.holdsBack(now) ?? false;
  }

  /** Slots in use: jobs running and creates under way. */
  get inUse(): number {
    return this.running.size + this.creating;
  }

  /** Whether its status says it takes no new job: `unhealthy`, `paused`, or its status check failed. */
  get statusRefuses(): boolean {
    const { botStatus, checkedAt } = this.health.last;
    return botStatus === null ? checkedAt !== null : NOT_TAKING.has(botStatus);
  }

  /** Whether its creates failed lately and the back-off has not passed at `now`. */
  backingOff(now: number): boolean {
    return now < this.backoffUntil;
  }

  /** Whether it may get a new job at `now` (slots aside): no refusing status, no back-off, its account open. */
  takesJobs(now: number): boolean {
    return !this.statusRefuses && !this.backingOff(now) && this.accountOpen(now);
  }

  /** A create failed like an outage: no new job for a back-off that doubles with each failure in a row. */
  createFailed(err: unknown, now: number): void {
    this.createFailures++;
    const wait = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (this.createFailures - 1));
    this.backoffUntil = now + wait;
    this.lastCreateError = errorMessage(err);
    this.lastCreateErrorKind = isServiceError(err) ? err.kind : null;
    this.lastCreateErrorAt = now;
  }

  /** A create was sent and made a record at `now`: its account counts it (daily budget, least gap). */
  created(now: number): void {
    this.recovered();
    this.account?.created(this.name, now);
  }

  /**
   * Why it takes no job at `now`, its account aside: it does not answer (`unreachable`: its status check or
   * its creates' connections failed), or answers but reports a problem or fails creates (`failing`); null
   * when neither.
   */
  outOfService(now: number): "unreachable" | "failing" | null {
    if (this.statusRefuses) return this.health.last.botStatus === null ? "unreachable" : "failing";
    if (!this.backingOff(now)) return null;
    return this.lastCreateErrorKind === "network" ? "unreachable" : "failing";
  }

  /** `listener` is told each time its status turns healthy. */
  whenBack(listener: () => void): void {
    this.backListeners.push(listener);
  }

  /** Its status turned `healthy` (from another, or no answer): it takes jobs again, and those told know. */
  statusTurnedHealthy(): void {
    this.recovered();
    for (const listener of this.backListeners) listener();
  }

  /** A create succeeded, or its status turned `healthy`: it takes jobs again at once. */
  recovered(): void {
    this.createFailures = 0;
    this.backoffUntil = 0;
  }
}

/** The options and collaborators of {@link ImagineService}. */
import type { DeliveryErrorKind, DeliveryRoute } from "../jobs/delivery-error.js";
import type { Clock } from "../jobs/clock.js";
import type { Logger } from "../logger.js";
import type { Semaphore } from "../service/semaphore.js";
import type { ImageDeliveryMode } from "./delivery/image-source.js";
import type { ImageServers } from "./image-servers.js";
import type { Job, MessageLocation } from "./job.js";
import type { Claims, JobLeases, JobRecords, PostRecords, StoreScope } from "./job-store.js";
import type { OutgoingMessage } from "./outgoing-message.js";

/** How a job's result is posted (see `JobMessenger.postResult`). */
export interface PostResultOptions {
  requesterId: string;
  /** Makes a repeated post return the message already posted. */
  nonce: string;
  /**
   * Records the nonce the result is posted under when it shares a message with other results (a claim, see
   * `postNonceKey`); returns the one on record.
   */
  claimNonce?: (nonce: string) => Promise<string>;
  /** The message the result replies to. */
  replyTo?: string;
  /** The requester takes results by DM: tried first. */
  byDm?: boolean;
  /** Pings nobody: posted as rendered, without the requester's mention. */
  quiet?: boolean;
  log?: Logger;
}

/**
 * What the core needs from Discord: keep a job's progress message current, post its result where the
 * requester will see it (and be notified), remove the progress message. Methods throw only
 * `DeliveryError`s.
 */
export interface JobMessenger {
  /** Edits the job's progress message; route `null` when no route can edit it any more. */
  show(
    location: MessageLocation,
    message: OutgoingMessage,
    options?: { log?: Logger },
  ): Promise<{ location: MessageLocation; route: DeliveryRoute | null }>;
  /**
   * Posts the result as a new message pinging only the requester (`quiet`: nobody, the message as
   * rendered); `nonce` makes a repeat return it.
   */
  postResult(
    location: MessageLocation,
    message: OutgoingMessage,
    options: PostResultOptions,
  ): Promise<{ guildId: string | null; channelId: string; messageId: string; route: DeliveryRoute }>;
  /** Deletes the progress message, or collapses it into `pointer` where it cannot be deleted. */
  retire(
    location: MessageLocation,
    pointer: OutgoingMessage,
    log?: Logger,
  ): Promise<"deleted" | "collapsed" | "gone" | "kept">;
  /** Shows `message` to the requester only: an ephemeral follow-up while the token lasts, else a DM. */
  showPrivately(
    location: MessageLocation,
    message: OutgoingMessage,
    requesterId: string,
    log?: Logger,
  ): Promise<"interaction" | "dm">;
}

export interface ImagineServiceOptions {
  /** The image servers (the pool): creates, reads, who holds a job, free slots, health. */
  servers: ImageServers;
  messenger: JobMessenger;
  /** The store's ports the engine uses: jobs, their leases, posted messages and claims. */
  store: StoreScope & JobRecords & JobLeases & PostRecords & Claims;
  pollIntervalMs: number;
  timeoutMs: number;
  progressUpdateIntervalMs: number;
  imageDelivery: ImageDeliveryMode;
  imageDownloadMaxBytes: number;
  /**
   * The image client's slots (SERVICE_MAX_CONCURRENCY), shared with polls: one semaphore bounds every
   * request to the service. Default: the tracker's own semaphore.
   */
  serviceSlots?: Semaphore;
  /** Timers fire on multiples of this many ms, so due work is batched (see `SchedulerOptions`). Default 10. */
  timerResolutionMs?: number;
  clock?: Clock;
  /** This process's id, the owner of the jobs it follows (see `JobStore.claim`). Default: a new one. */
  processId?: string;
  /** How long this process's hold on its jobs lasts unless renewed (JOB_LEASE_MS). Default 30000. */
  leaseMs?: number;
  random?: () => number;
  logger?: Logger;
  /** Told what happens to jobs (metrics, the audit log, what a job's end means beyond the engine). */
  events?: Partial<JobEvents>;
}

/** What the engine tells of its jobs, as it happens. */
export interface JobEvents {
  /**
   * Once per job when its final message was delivered (or could not be), with the time from the bot seeing
   * the job finished to the message delivered (null when not delivered). Its server's slot is free and the
   * line moved on already.
   */
  jobEnded(job: Job, deliveryLatencyMs: number | null): void;
  /** The number of jobs followed changed. */
  activeCountChanged(count: number): void;
  /** A message was shown in Discord, by `route`. */
  delivered(route: DeliveryRoute, final: boolean): void;
  /** A send or edit of a job's message failed (logged by the update throttle, once). */
  deliveryFailed(kind: DeliveryErrorKind, final: boolean): void;
}

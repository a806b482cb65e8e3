/** The options and collaborators of {@link ImagineService}. */
import type { DeliveryErrorKind, DeliveryRoute } from "../jobs/delivery-error.js";
import type { Clock } from "../jobs/clock.js";
import type { Logger } from "../logger.js";
import type { ImagineClient } from "../service/client.js";
import type { ImageRecord, UpscaleFactor } from "../service/schema.js";
import type { ServerRequirement } from "../pool/server-requirement.js";
import type { Prompt } from "../prompt/prompt.js";
import type { Semaphore } from "../service/semaphore.js";
import type { ImageDeliveryMode } from "./image-source.js";
import type { Job, MessageLocation } from "./job.js";
import type { Claims, JobLeases, JobRecords, PostRecords, StoreScope } from "./job-store.js";
import type { OutgoingMessage } from "./outgoing-message.js";
import type { CreatedLookup } from "./ref-lookup.js";
import type { AccountPort } from "../pool/account-health/account-health.js";

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

/** Whether a server has a free slot now, for a job with `requires`. */
export interface SlotSource {
  hasFreeSlot(requires?: ServerRequirement): boolean;
  /** Whether any server meets `requires` at all (a job no server can run is started, to fail plainly). */
  canRun?(requires?: ServerRequirement): boolean;
  /** Whether some server takes jobs now, busy or not (see `ServerPool.someServerUp`). Default: yes. */
  someServerUp?(): boolean;
  /** While none does: when a resting or paced server's account opens again (`ServerPool.reopensAt`). */
  reopensAt?(): number | null;
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
  /** Reads records and downloads images: a client, or the pool (each record from the server holding it). */
  client: Pick<ImagineClient, "getImage" | "downloadImage">;
  messenger: JobMessenger;
  /** The store's ports the engine uses: jobs, their leases, posted messages and claims. */
  store: StoreScope & JobRecords & JobLeases & PostRecords & Claims;
  pollIntervalMs: number;
  timeoutMs: number;
  progressUpdateIntervalMs: number;
  imageDelivery: ImageDeliveryMode;
  imageDownloadMaxBytes: number;
  maxConcurrentPolls?: number;
  /**
   * The image client's slots (SERVICE_MAX_CONCURRENCY), shared with polls: one semaphore bounds every
   * request to the service. Default: the tracker's own semaphore of `maxConcurrentPolls`.
   */
  serviceSlots?: Semaphore;
  /**
   * Which kind of server this is: creates and upscales go through it, so `ref` is sent only to a server that
   * takes it.
   */
  profile: JobCreator;
  /**
   * The pool of servers, when jobs are spread over several: which one holds a new record (recorded with the
   * job), and which jobs run where (a followed job holds a slot of its server). Default: one server.
   */
  servers?: {
    nameOf(imageId: string): string | undefined;
    follow(job: Job): void;
    /** The job's record finished (or it ended otherwise): its slot is free. */
    ended(imageId: string): void;
    /** The name of the server holding the record `imageId` (an Enhance's grid: it runs there). */
    holderOf(imageId: string): Promise<string>;
  };
  /**
   * The servers' free slots: with it, a new job finding none waits in the bot's fair queue (see
   * `job-queue.ts`). Default: every job is created at once.
   */
  slots?: SlotSource;
  /**
   * Where the record a create with `ref` made is, asked of the servers that keep `ref`: for a waiting job
   * whose create was claimed before the bot restarted (`ref-lookup.ts`). Default: no one can tell.
   */
  findCreated?(ref: string): Promise<CreatedLookup>;
  /**
   * The service's last reported `bot_status` (null when unknown), for the waiting message of a `pending`
   * job: while it is not `healthy`, the message says the service is starting or down. Default: unknown.
   */
  serviceStatus?(): string | null;
  /**
   * Told of each job's finished record before its final message is rendered (`ServerWatch.jobEnded`);
   * answers whether the server is named out of date now, which its failure then says.
   */
  jobRecordEnded?(jobId: string, ended: "completed" | "failed", error: string | null): boolean;
  /**
   * Account health (`AccountHealth`): told of each record that failed with a notice about its server's
   * account, which holds the server; the job is then made again on another (`job-remake.ts`). Default: none.
   */
  accounts?: Pick<AccountPort, "noticed">;
  /**
   * Whether `job`, whose record is still `pending`, should be made again on another server: its server
   * reports a problem with a message and it waited past IMAGINE_API_PENDING_MOVE_MS. Default: never.
   */
  movesPending?(job: Job): boolean;
  /** Timers fire on multiples of this many ms, so due work is batched (see `SchedulerOptions`). Default 10. */
  timerResolutionMs?: number;
  clock?: Clock;
  /** This process's id, the owner of the jobs it follows (see `JobStore.claim`). Default: a new one. */
  processId?: string;
  /** How long this process's hold on its jobs lasts unless renewed (JOB_LEASE_MS). Default 30000. */
  leaseMs?: number;
  random?: () => number;
  logger?: Logger;
  /**
   * Called once per job when its final message was delivered (or could not be), with the time from the
   * bot seeing the job finished to the message delivered (null when not delivered).
   */
  onJobEnded?(job: Job, deliveryLatencyMs: number | null): void;
  /** Called whenever the number of jobs followed changes. */
  onActiveCountChanged?(count: number): void;
  /** Called for every message shown in Discord, with the route it took. */
  onDelivered?(route: DeliveryRoute, final: boolean): void;
  /** Called for every failed send or edit of a job's message (logged by the update throttle, once). */
  onDeliveryFailed?(kind: DeliveryErrorKind, final: boolean): void;
}

/**
 * Creates records: a `ServiceProfile` (one server, sending `ref` only where it is taken) or a `ServerPool`
 * (the server a new job goes to; an upscale goes to its grid's).
 */
export interface JobCreator {
  createImage(prompt: Prompt, ref: string, requires?: ServerRequirement): Promise<ImageRecord>;
  upscale(parentId: string, index: number, factor: UpscaleFactor, ref: string): Promise<ImageRecord>;
}

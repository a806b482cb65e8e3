/**
 * The one port where the engine meets the image servers: what it asks of them, declared here and implemented
 * by the pool (`ServerPool`), which is passed to the engine once. Creates, reads, who holds a job, free slots,
 * health, and finding a record by its `ref`.
 */
import type { DownloadedImage, DownloadImageOptions } from "../service/download.js";
import type { ImageRecord } from "../service/schema.js";
import type { Job } from "./job.js";
import type { Placement } from "./job-placement.js";

/** Where a create's record is: found (on `server`), on no server, or not known. */
export type CreatedLookup = { record: ImageRecord; server: string } | "absent" | "unknown";

/** What a create is sent for: a job's kind, prompt and `ref` (the interaction id). */
export type JobToCreate = Pick<Job, "kind" | "prompt" | "ref">;

/** Servers that take no job now, by why (their accounts aside: see {@link FreeSlots.reopensAt}). */
export interface ServersOut {
  /** Servers that do not answer: their status check failed. */
  readonly unreachable: number;
  /** Servers that answer but report a problem (`unhealthy`, `paused`) or rest after failed creates. */
  readonly failing: number;
}

/** Whether the servers have a free slot now, for a job placed as `placement` (none: any server). */
export interface FreeSlots {
  hasFreeSlot(placement?: Placement): boolean;
  /** Whether any server meets `placement` at all (a job no server can run is started, to fail plainly). */
  canRun(placement?: Placement): boolean;
  /** Whether some server takes jobs now, busy or not: else waiting jobs wait for one to be back. */
  someServerUp(): boolean;
  /**
   * While none does: when a server whose account rests, spent its daily budget or is held for a time opens
   * again by itself (waiting members are told); null when none will. Default: never.
   */
  reopensAt?(): number | null;
  /** How many servers take no job now, and why (waiting members are told). Default: none. */
  outOfService?(): ServersOut;
  /** `listener` is told each time a server's status turns healthy: jobs waiting in line may start at once. */
  whenServerBack?(listener: () => void): void;
}

/** What the engine needs of the image servers (see the module's comment). */
export interface ImageServers extends FreeSlots {
  /**
   * Whether a job finding no free slot waits in the bot's line (several servers, or IMAGINE_API_SLOTS); false:
   * every job is sent at once, as with one server before the pool.
   */
  readonly lined: boolean;
  /**
   * Creates the record of `job` on a server it may run on (`placementOf`).
   * @throws {ServiceError} the server's failure; {@link NoFreeSlotError} when nothing was sent for lack of a
   *   slot; {@link ServersClosedError} when every server that could run it is closed to new work; a
   *   RangeError when no server can run it.
   */
  create(job: JobToCreate, placement?: Placement): Promise<ImageRecord>;
  /** Reads a record from the server holding it (`inSlot`: the caller holds a request slot already). */
  getImage(id: string, options?: { inSlot?: boolean }): Promise<ImageRecord>;
  /** Downloads a finished image. */
  downloadImage(url: string, options: DownloadImageOptions): Promise<DownloadedImage>;
  /** The name of the server holding the record of the followed job `imageId`. */
  nameOf(imageId: string): string | undefined;
  /** The name of the server holding the record `imageId`, followed or stored (an Enhance's grid: it runs there). */
  holderOf(imageId: string): Promise<string>;
  /** A job is followed (created, found, or resumed): it holds a slot of its server. */
  follow(job: Job): void;
  /** The job's record finished (or it ended otherwise): its slot is free. */
  ended(imageId: string): void;
  /** A job is followed here no more. */
  forget(imageId: string): void;
  /** The service's last reported `bot_status` (null when unknown), for the message of a `pending` job. */
  serviceStatus(): string | null;
  /**
   * Told of each job's finished record before its final message is rendered; answers whether its server is
   * named out of date now, which its failure then says.
   */
  recordEnded(jobId: string, ended: "completed" | "failed", error: string | null): boolean;
  /** Where the record a create with `ref` made is (a waiting job whose create was claimed before a restart). */
  findCreated(ref: string): Promise<CreatedLookup>;
  /**
   * The record of the followed job `imageId` failed with `error`: when it is a notice about its server's
   * Midjourney account, that server is held (account health) and true is returned; the job is then made
   * again on another server (`job-remake.ts`). Default: never a notice.
   */
  accountNoticed?(imageId: string, error: string | null): Promise<boolean>;
  /**
   * Whether `job`, whose record is still `pending`, should be made again on another server: its server
   * reports a problem with a message and it waited past IMAGINE_API_PENDING_MOVE_MS. Default: never.
   */
  movesPending?(job: Job): boolean;
}

/**
 * A create was not sent: every slot of the server is taken (here, or across the fleet by other processes'
 * jobs), or another process's member is next in the fleet's line. No record exists; the job waits in the
 * bot's line.
 */
/**
 * Nothing was sent: every server that could run the job has its Midjourney account closed to new work (held
 * after a notice, resting, or at its daily budget), and there is no waiting line to wait in. `reopensAt`:
 * when the first one opens again by itself; null when each waits for a moderator's Resume.
 */
export class ServersClosedError extends Error {
  constructor(readonly reopensAt: number | null) {
    super(
      "every image server that could run this job is closed to new work (held, resting or at its budget)",
    );
    this.name = "ServersClosedError";
  }
}

export class NoFreeSlotError extends Error {
  constructor(readonly server: string) {
    super(`no slot of the image server ${server} is free for this job`);
    this.name = "NoFreeSlotError";
  }
}

/**
 * The pool of ImagineAPI servers: a new job goes to a server that takes jobs (no `unhealthy` / `paused` /
 * unreachable status, no back-off after failed creates) with a free slot, the least loaded first; a job stays
 * with the server that holds its record (polls, Enhance, resume). With one server, every job goes to it as
 * before.
 */
import type { HealthReader } from "../admission/service-health.js";
import type { CreatedLookup, ImageServers, JobToCreate, ServersOut } from "../imagine/image-servers.js";
import { NoFreeSlotError } from "../imagine/image-servers.js";
import type { Job } from "../imagine/job.js";
import { unknownKind } from "../imagine/job-kind.js";
import { placementOf, type Placement } from "../imagine/job-placement.js";
import type { Logger } from "../logger.js";
import type { Prompt } from "../prompt/prompt.js";
import type { ImagineClient } from "../service/client.js";
import type { DownloadedImage, DownloadImageOptions } from "../service/download.js";
import { madeNoRecord } from "../service/errors.js";
import type { ImageRecord, UpscaleFactor } from "../service/schema.js";
import type { ImageServer } from "./image-server.js";
import { SPEEDS, type Speed } from "../prompt/speed.js";
import { poolHealth } from "./pool-health.js";
import { chooseServer, noServerFor, soonestOpening, takingServers } from "./server-choice.js";
import { findCreatedByRef } from "./ref-lookup.js";
import { sendCreate, type CreateSender } from "./server-create.js";
import { runsOn } from "./server-placement.js";
import type { ServerPoolDeps } from "./server-pool-deps.js";

export type { ServerPoolDeps } from "./server-pool-deps.js";

export { NoFreeSlotError } from "../imagine/image-servers.js";

const count = <T>(values: readonly T[], value: T): number => values.filter((v) => v === value).length;

/** Routes new jobs to servers and each job's requests to its own server: the engine's {@link ImageServers}. */
export class ServerPool implements ImageServers {
  /** The server of each job followed now, by image id. */
  private readonly byImage = new Map<string, ImageServer>();
  private readonly log: Logger;
  /** Sends this pool's creates (see `sendCreate`). */
  private readonly sender: CreateSender;

  /** @throws {RangeError} without servers. */
  constructor(
    readonly servers: readonly ImageServer[],
    private readonly deps: ServerPoolDeps,
  ) {
    if (servers.length === 0) throw new RangeError("a server pool needs at least one server");
    this.log = deps.logger;
    this.health = poolHealth(servers);
    this.sender = { deps, first: this.first, log: this.log, byImage: this.byImage };
  }

  get lined(): boolean {
    return this.deps.bounded ?? false;
  }

  /**
   * Creates the record of `job` (see {@link createImage} and {@link upscale}), placed as `placement` (the
   * caller's, worked out once per job; by default from the job).
   */
  create(job: JobToCreate, placement: Placement = placementOf(job)): Promise<ImageRecord> {
    const { kind } = job;
    switch (kind.name) {
      case "imagine":
        return this.createImage(job.prompt, job.ref, placement);
      case "upscale":
        return this.upscale(kind.parentId, kind.index, kind.factor, job.ref);
      default:
        return unknownKind(kind);
    }
  }

  /** Server 1 (IMAGINE_API_URL): the one of jobs recorded before the pool, or on a server since removed. */
  get first(): ImageServer {
    return this.servers[0]!;
  }

  /** The server named `name`, if it is configured. */
  byName(name: string): ImageServer | undefined {
    return this.servers.find((s) => s.name === name);
  }

  /** The server for a new job (see `chooseServer`). */
  choose(options: { placement?: Placement; exclude?: ImageServer } = {}): ImageServer | null {
    // Keeps each server's status fresh (cached; asks again once old).
    for (const server of this.servers) void server.health.current();
    return chooseServer(this.servers, options, this.deps.now());
  }

  /**
   * Creates the image record on the server {@link choose} picks. A create that provably reached no server
   * (the connection was refused) goes to another server once; any other failure is thrown: the record may
   * exist, and a second create could make two.
   * A server whose slots are all taken (across the fleet, or here since it was chosen) is passed over for the
   * next one with a free slot here.
   * @throws {ServiceError} the server's failure; {@link NoFreeSlotError} when no server has a free slot; a
   *   RangeError when no server may run it.
   */
  async createImage(prompt: Prompt, ref: string, placement?: Placement): Promise<ImageRecord> {
    const first = this.choose(placement ? { placement } : {});
    if (!first) throw noServerFor(this.servers, placement, this.deps.now());
    const inTurn = placement?.inTurn ?? true;
    const make = (s: ImageServer): Promise<ImageRecord> => s.profile.createImage(prompt.text, ref);
    try {
      return await sendCreate(this.sender, first, ref, inTurn, make);
    } catch (err) {
      const full = err instanceof NoFreeSlotError;
      const second =
        madeNoRecord(err) || full
          ? this.choose({ exclude: first, ...(placement ? { placement } : {}) })
          : null;
      if (!second || !second.takesJobs(this.deps.now())) throw err;
      if (full && second.inUse >= second.slots) throw err;
      if (!full)
        this.log.warn(
          { server: first.name, nextServer: second.name, ref },
          "the image server refused the connection; creating the image on another server",
        );
      return sendCreate(this.sender, second, ref, inTurn, make);
    }
  }

  /** Whether a server that takes jobs (and may run a job placed as `placement`) has a free slot now. */
  hasFreeSlot(placement?: Placement): boolean {
    const now = this.deps.now();
    for (const server of this.servers) void server.health.current();
    const eligible = this.servers.filter((s) => runsOn(s, placement));
    return takingServers(eligible, now).some((s) => s.inUse < s.slots);
  }

  /**
   * Whether some server takes jobs now, free slot or not. None does while every one is unreachable,
   * `unhealthy`, `paused` or resting after failed creates: waiting jobs then wait for a server to be back,
   * not for a slot (their messages say so).
   */
  someServerUp(): boolean {
    const now = this.deps.now();
    return this.servers.some((s) => s.takesJobs(now));
  }

  outOfService(): ServersOut {
    const why = this.servers.map((s) => s.outOfService(this.deps.now()));
    return { unreachable: count(why, "unreachable"), failing: count(why, "failing") };
  }

  whenServerBack(listener: () => void): void {
    for (const server of this.servers) server.whenBack(listener);
  }

  /**
   * While no server takes jobs: the soonest time a server whose account is resting, at its daily budget or
   * held for a time opens again (waiting members are told); null when none will by itself.
   */
  reopensAt(): number | null {
    const now = this.deps.now();
    if (this.someServerUp()) return null;
    return soonestOpening(
      this.servers.filter((s) => !s.statusRefuses),
      now,
    );
  }

  async accountNoticed(imageId: string, error: string | null): Promise<boolean> {
    const server = this.byImage.get(imageId);
    if (!server || !this.deps.accounts) return false;
    return (await this.deps.accounts.noticed(server.name, error)) !== null;
  }

  movesPending(job: Job): boolean {
    const moveMs = this.deps.pendingMoveMs ?? 0;
    const now = this.deps.now();
    const server = this.byName(this.nameOf(job.imageId) ?? job.server ?? "");
    if (moveMs === 0 || !server || now - job.startedAt < moveMs) return false;
    // A server reporting a problem in words (e.g. "Midjourney credits exhausted") while another takes jobs.
    const { botStatus, message } = server.health.last;
    const troubled = botStatus !== null && botStatus !== "healthy" && (message?.trim() ?? "") !== "";
    return troubled && this.servers.some((s) => s !== server && s.takesJobs(now));
  }

  /** Whether some configured server may run a job placed as `placement` (busy or not): else it runs nowhere. */
  canRun(placement?: Placement): boolean {
    return this.servers.some((s) => runsOn(s, placement));
  }

  /** The speeds some server of the pool can run (`ServiceProfile.speeds`), in {@link SPEEDS} order. */
  get speeds(): readonly Speed[] {
    return SPEEDS.filter((speed) => this.servers.some((s) => s.profile.speeds.includes(speed)));
  }

  /** The name of the server holding the record `imageId` (followed now, or recorded with its job). */
  async holderOf(imageId: string): Promise<string> {
    return (await this.serverOf(imageId)).name;
  }

  /**
   * Upscales an image of a grid on the server holding the grid (only it knows the grid).
   * @throws {ServiceError} the server's failure; {@link NoFreeSlotError} when that server's slots are full
   *   (`bounded`, or across the fleet): the upscale waits for it (`placementOf`).
   */
  async upscale(parentId: string, index: number, factor: UpscaleFactor, ref: string): Promise<ImageRecord> {
    const server = await this.serverOf(parentId);
    // Never in turn: it can run only on its grid's server (its prompt does not matter).
    return sendCreate(this.sender, server, ref, false, (s) =>
      s.profile.upscale(parentId, index, factor, ref),
    );
  }

  /** Reads a record from the server that holds it. */
  async getImage(id: string, options: { inSlot?: boolean } = {}): Promise<ImageRecord> {
    return (await this.serverOf(id)).client.getImage(id, options);
  }

  /** Server 1's status: whether the bot's token is refused there (see `readImage`). */
  getServiceStatus(): ReturnType<ImagineClient["getServiceStatus"]> {
    return this.first.client.getServiceStatus();
  }

  /** What the server holding `imageId` is (its `ref` and upscale route): Enhance is offered only where it has the route. */
  async profileOf(imageId: string): Promise<ImageServer["profile"]> {
    return (await this.serverOf(imageId)).profile;
  }

  /** Downloads a finished image (no token is sent, so any server's client will do). */
  downloadImage(url: string, options: DownloadImageOptions): Promise<DownloadedImage> {
    return this.first.client.downloadImage(url, options);
  }

  /** The name of the server that holds the record `imageId` of a followed job. */
  nameOf(imageId: string): string | undefined {
    return this.byImage.get(imageId)?.name;
  }

  /** A job is followed (created, or resumed after a restart): it holds one slot of its server. */
  follow(job: Job): void {
    const server = (job.server === undefined ? undefined : this.byName(job.server)) ?? this.first;
    if (job.server !== undefined && server.name !== job.server) {
      this.log.warn(
        { jobId: job.imageId, server: job.server },
        `the job's server is no longer configured; reading it from ${this.first.name}`,
      );
    }
    this.byImage.set(job.imageId, server);
    if (job.outcome === null) server.running.add(job.imageId);
  }

  /**
   * A job's record finished, or the job ended otherwise (cancelled, lost, timed out): its slot is free. Its
   * server stays known (until the job ends) for the reads of its delivery.
   */
  ended(imageId: string): void {
    this.byImage.get(imageId)?.running.delete(imageId);
  }

  /** A job is no longer followed here: it is forgotten (its server is read from the store if needed). */
  forget(imageId: string): void {
    this.ended(imageId);
    this.byImage.delete(imageId);
  }

  /** The pool's health for admission and `/healthz` (see `poolHealth`). */
  readonly health: HealthReader;

  serviceStatus(): string | null {
    // Asks again once the cached answer is old, so the waiting message follows the service.
    void this.health.current();
    return this.health.last.botStatus;
  }

  /** The watch of the job's own server is told: one account's failures say nothing of another's. */
  recordEnded(jobId: string, ended: "completed" | "failed", error: string | null): boolean {
    const server = this.byName(this.nameOf(jobId) ?? "") ?? this.first;
    return server.watch?.jobEnded(jobId, ended, error) ?? false;
  }

  findCreated(ref: string): Promise<CreatedLookup> {
    return findCreatedByRef(this.servers, ref);
  }

  private async serverOf(imageId: string): Promise<ImageServer> {
    const followed = this.byImage.get(imageId);
    if (followed) return followed;
    const name = await this.deps.storedServer(imageId);
    return (name === undefined ? undefined : this.byName(name)) ?? this.first;
  }
}

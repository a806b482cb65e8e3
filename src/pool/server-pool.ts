/**
 * The pool of ImagineAPI servers: a new job goes to a server that takes jobs (no `unhealthy` / `paused` /
 * unreachable status, no back-off after failed creates) with a free slot, the least loaded first; a job stays
 * with the server that holds its record (polls, Enhance, resume). With one server, every job goes to it as
 * before.
 */
import type { HealthReader, ServiceHealth } from "../admission/service-health.js";
import type { ServerSlotLedger } from "../fleet/fleet-channels.js";
import type { Job } from "../imagine/job.js";
import type { Logger } from "../logger.js";
import type { ImagineClient } from "../service/client.js";
import type { DownloadedImage, DownloadImageOptions } from "../service/download.js";
import type { ImageRecord, UpscaleFactor } from "../service/schema.js";
import { isServerDown, madeNoRecord, type ImageServer } from "./image-server.js";
import type { Prompt } from "../prompt/prompt.js";
import { SPEEDS, type Speed } from "../prompt/speed.js";
import { waitsItsTurn, type ServerRequirement } from "./server-requirement.js";
import { opensAt } from "./account-health/account-health.js";

/** What {@link ServerPool} needs besides its servers. */
export interface ServerPoolDeps {
  now: () => number;
  logger: Logger;
  /** The server name recorded with a stored job (for an image no longer followed, e.g. Enhance's grid). */
  storedServer: (imageId: string) => Promise<string | undefined>;
  /**
   * A fleet on Postgres: each server's slots are counted across the fleet, and a create is sent only once a
   * slot is held there. Absent: this process counts its own jobs.
   */
  fleet?: { ledger: Pick<ServerSlotLedger, "take" | "release">; owner: string; holdMs: number };
  /**
   * Jobs beyond a server's slots wait in the bot's line (several servers, or IMAGINE_API_SLOTS): no create is
   * sent to a server whose slots are all in use here, whatever the job (an upscale too). Absent: one server
   * is sent every job at once, as before the pool.
   */
  bounded?: boolean;
}

/**
 * A create was not sent: every slot of the server is taken (here, or across the fleet by other processes'
 * jobs), or another process's member is next in the fleet's line. No record exists; the job waits in the
 * bot's queue.
 */
export class NoFreeSlotError extends Error {
  constructor(readonly server: string) {
    super(`no slot of the image server ${server} is free for this job`);
    this.name = "NoFreeSlotError";
  }
}

/** How well a status lets a server take jobs, best first; a one-server pool reports its one status. */
const STATUS_RANK: Record<string, number> = { healthy: 0, unhealthy: 3, paused: 5 };

function rankOf(health: ServiceHealth): number {
  if (health.botStatus === null) return health.checkedAt === null ? 2 : 4;
  return STATUS_RANK[health.botStatus] ?? 1;
}

function best(all: ServiceHealth[]): ServiceHealth {
  return all.reduce((a, b) => (rankOf(b) < rankOf(a) ? b : a));
}

/** Routes new jobs to servers and each job's requests to its own server. */
export class ServerPool {
  /** The server of each job followed now, by image id. */
  private readonly byImage = new Map<string, ImageServer>();
  private readonly log: Logger;

  /** @throws {RangeError} without servers. */
  constructor(
    readonly servers: readonly ImageServer[],
    private readonly deps: ServerPoolDeps,
  ) {
    if (servers.length === 0) throw new RangeError("a server pool needs at least one server");
    this.log = deps.logger;
    this.health = {
      current: async (options = {}) => best(await Promise.all(servers.map((s) => s.health.current(options)))),
      get last(): ServiceHealth {
        return best(servers.map((s) => s.health.last));
      },
    };
  }

  /** Server 1 (IMAGINE_API_URL): the one of jobs recorded before the pool, or on a server since removed. */
  get first(): ImageServer {
    return this.servers[0]!;
  }

  /** The server named `name`, if it is configured. */
  byName(name: string): ImageServer | undefined {
    return this.servers.find((s) => s.name === name);
  }

  /**
   * The server for a new job: among those that take jobs and meet `requires`, one with a free slot, the least
   * loaded first (then the lowest number); with no free slot anywhere, the least loaded. When none takes jobs,
   * the one that should recover first (not `paused`, back-off ending first): the job is sent and the server's
   * answer decides, as with one server. `null` only when no server meets `requires` or all are excluded.
   */
  choose(options: { requires?: ServerRequirement; exclude?: ImageServer } = {}): ImageServer | null {
    const now = this.deps.now();
    // Keeps each server's status fresh (cached; asks again once old).
    for (const server of this.servers) void server.health.current();
    const eligible = this.servers.filter((s) => s !== options.exclude && (options.requires?.(s) ?? true));
    const taking = this.taking(eligible, now);
    const load = (s: ImageServer) => s.inUse / s.slots;
    const byLoad = (a: ImageServer, b: ImageServer) =>
      load(a) - load(b) || a.inUse - b.inUse || a.number - b.number;
    const free = taking.filter((s) => s.inUse < s.slots);
    if (free.length > 0) return free.sort(byLoad)[0]!;
    if (taking.length > 0) return taking.sort(byLoad)[0]!;
    if (options.exclude) return null;
    // A server whose account is held or resting never gets a create, whatever the others' state.
    return (
      eligible
        .filter((s) => s.accountOpen(now))
        .sort(
          (a, b) =>
            rankOf(a.health.last) - rankOf(b.health.last) ||
            Number(a.backingOff(now)) - Number(b.backingOff(now)) ||
            byLoad(a, b),
        )[0] ?? null
    );
  }

  /**
   * Creates the image record on the server {@link choose} picks. A create that provably reached no server
   * (the connection was refused) goes to another server once; any other failure is thrown: the record may
   * exist, and a second create could make two.
   * A server whose slots are all taken (across the fleet, or here since it was chosen) is passed over for the
   * next one with a free slot here.
   * @throws {ServiceError} the server's failure; {@link NoFreeSlotError} when no server has a free slot; a
   *   RangeError when no server meets `requires`.
   */
  async createImage(prompt: Prompt, ref: string, requires?: ServerRequirement): Promise<ImageRecord> {
    const first = this.choose(requires ? { requires } : {});
    if (!first) throw new RangeError("no configured ImagineAPI server can run this job");
    try {
      return await this.createOn(first, ref, waitsItsTurn("imagine", prompt.speed), (s) =>
        s.profile.createImage(prompt.text, ref),
      );
    } catch (err) {
      const full = err instanceof NoFreeSlotError;
      const second =
        madeNoRecord(err) || full ? this.choose({ exclude: first, ...(requires ? { requires } : {}) }) : null;
      if (!second || !second.takesJobs(this.deps.now())) throw err;
      if (full && second.inUse >= second.slots) throw err;
      if (!full)
        this.log.warn(
          { server: first.name, nextServer: second.name, ref },
          "the image server refused the connection; creating the image on another server",
        );
      return this.createOn(second, ref, waitsItsTurn("imagine", prompt.speed), (s) =>
        s.profile.createImage(prompt.text, ref),
      );
    }
  }

  /** Whether a server that takes jobs (and meets `requires`) has a free slot now. */
  hasFreeSlot(requires?: ServerRequirement): boolean {
    const now = this.deps.now();
    for (const server of this.servers) void server.health.current();
    const eligible = this.servers.filter((s) => requires?.(s) ?? true);
    return this.taking(eligible, now).some((s) => s.inUse < s.slots);
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

  /**
   * While no server takes jobs: the soonest time a server whose account is resting, at its daily budget or
   * held for a time opens again (waiting members are told); null when none will by itself.
   */
  reopensAt(): number | null {
    const now = this.deps.now();
    if (this.someServerUp()) return null;
    const times = this.servers.flatMap((s) => {
      if (s.statusRefuses || !s.account) return [];
      const at = opensAt(s.account.state(s.name, now));
      return at === null ? [] : [at];
    });
    return times.length > 0 ? Math.min(...times) : null;
  }

  /** Whether some configured server meets `requires` (busy or not): else a job with it can run nowhere. */
  canRun(requires?: ServerRequirement): boolean {
    return requires === undefined || this.servers.some(requires);
  }

  /** The speeds some server of the pool can run (`ServiceProfile.speeds`), in {@link SPEEDS} order. */
  get speeds(): readonly Speed[] {
    return SPEEDS.filter((speed) => this.servers.some((s) => s.profile.speeds.includes(speed)));
  }

  /**
   * Those of `servers` that take new jobs at `now`; a server named out of date (`ServerWatch`) only when
   * none of the others does, so its jobs go to servers that still drive Midjourney.
   */
  private taking(servers: readonly ImageServer[], now: number): ImageServer[] {
    const taking = servers.filter((s) => s.takesJobs(now));
    const current = taking.filter((s) => !s.heldBack(now));
    return current.length > 0 ? current : taking;
  }

  /** The name of the server holding the record `imageId` (followed now, or recorded with its job). */
  async holderOf(imageId: string): Promise<string> {
    return (await this.serverOf(imageId)).name;
  }

  /**
   * Upscales an image of a grid on the server holding the grid (only it knows the grid).
   * @throws {ServiceError} the server's failure; {@link NoFreeSlotError} when that server's slots are full
   *   (`bounded`, or across the fleet): the upscale waits for it (`requirementOfJob`).
   */
  async upscale(parentId: string, index: number, factor: UpscaleFactor, ref: string): Promise<ImageRecord> {
    const server = await this.serverOf(parentId);
    // Never in turn: it can run only on its grid's server (its prompt does not matter).
    return this.createOn(server, ref, waitsItsTurn("upscale", null), (s) =>
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

  /**
   * The pool's health for admission and `/healthz`: the best server's (one that takes jobs if any), so the
   * bot refuses up front only when no server can take a job (all `paused`). With one server, its own.
   */
  readonly health: HealthReader;

  private async serverOf(imageId: string): Promise<ImageServer> {
    const followed = this.byImage.get(imageId);
    if (followed) return followed;
    const name = await this.deps.storedServer(imageId);
    return (name === undefined ? undefined : this.byName(name)) ?? this.first;
  }

  private async createOn(
    server: ImageServer,
    ref: string,
    inTurn: boolean,
    create: (server: ImageServer) => Promise<ImageRecord>,
  ): Promise<ImageRecord> {
    const { fleet } = this.deps;
    // Checked at the send itself: a job that saw a free slot may find it taken after an await.
    if (this.deps.bounded && server.inUse >= server.slots) throw new NoFreeSlotError(server.name);
    server.creating++;
    let held = false;
    try {
      if (fleet) {
        held = await fleet.ledger.take({
          ref,
          server: server.name,
          slots: server.slots,
          firstServer: this.first.name,
          owner: fleet.owner,
          expiresAt: this.deps.now() + fleet.holdMs,
          inTurn,
        });
        if (!held) throw new NoFreeSlotError(server.name);
      }
      const record = await create(server);
      server.created(this.deps.now());
      this.byImage.set(record.id, server);
      server.running.add(record.id);
      return record;
    } catch (err) {
      // No record was made: the slot is free again for the fleet (a hold of a made record stays until its job is saved).
      if (held) await fleet?.ledger.release(ref).catch(() => {});
      if (isServerDown(err)) {
        server.createFailed(err, this.deps.now());
        this.log.warn(
          { server: server.name, err },
          "a create failed on this image server; it gets no new job for a while",
        );
      }
      throw err;
    } finally {
      server.creating--;
    }
  }
}

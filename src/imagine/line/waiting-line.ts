/**
 * The bot's own queue of jobs waiting for a free image server. A waiting job is a job like any other (it
 * counts against the limits, its message has ✖ Cancel, it is saved and survives a restart) whose image id is
 * a stand-in, `q-<ref>`, until its turn comes: then its record is created, the job is saved under the real
 * image id and the stand-in removed. Members take turns ({@link LineOrder}); each waiting message says its
 * place in line, through the update throttle (so a busy queue costs no more edits than progress does). In a
 * fleet on Postgres, jobs start and places count in the fleet's one line (`ServerSlotLedger.waitingLine`),
 * read again on each drain and on the retry timer, so places stay current as other processes' jobs start.
 *
 * A job waits at most the job time limit (`timeoutMs`, as long as a running job may take): then it ends as
 * timed out with a message saying no image server was free, nothing sent for it, its place given up.
 *
 * A create every server refused made no record (`waitsOnAfter`): the job waits on until a server is back;
 * while no server takes jobs at all, waiting messages say so rather than that every server is busy.
 *
 * Exactly once: before a create is sent, `create:<ref>` is claimed in the store. A stand-in found after a
 * crash whose claim is taken may already have its record: the servers that keep `ref` are asked
 * (`findCreated`); a record found is followed, a create no server can have made is sent, and when no one can
 * tell, the job ends saying it may not have started (never two records for one request).
 */
import { LineOrder } from "./line-order.js";
import { FleetLine, type Placed } from "./fleet-line.js";
import { placementOf, runsAnywhere, type Placement } from "../job-placement.js";
import { startWaiting } from "./turn.js";
import type { LineContext } from "./line-context.js";
import { logContextOf, type Job } from "../job.js";
import { viewForWaiting } from "../job-view.js";
import { LineEndings } from "./line-endings.js";
import { serversState, waitReason } from "./wait-reason.js";

/** How often waiting jobs look for a free slot besides when a job ends (a server that recovered). */
const RETRY_MS = 2000;

/** One waiting job as the queue keeps it. */
interface Entry {
  id: string;
  member: string;
  queuedAt: number;
  placement: Placement;
}

/** The jobs waiting for a free server, in fair order. */
export class WaitingLine {
  private readonly waiting: LineOrder<Entry>;
  /** In a fleet on Postgres: its one line, which orders the jobs here and counts their places. */
  private readonly fleetLine: FleetLine;
  private draining: Promise<void> | null = null;
  private again = false;
  private cancelRetry: (() => void) | null = null;
  private stopped = false;
  /** What the waiting messages were last shown for (see {@link serversState}). */
  private shownFor = "";
  private readonly endings: LineEndings;

  constructor(private readonly ctx: LineContext) {
    this.waiting = new LineOrder((member) => this.lastStarted(member));
    this.fleetLine = new FleetLine(ctx.options.store.fleet?.serverSlots, ctx.log);
    this.endings = new LineEndings(ctx);
  }

  /** When `member`'s latest followed job started (jobs resumed after a restart), if any. */
  private lastStarted(member: string): number | undefined {
    let last: number | undefined;
    for (const id of this.ctx.followed.ids()) {
      const job = this.ctx.followed.get(id);
      if (job?.requesterId === member && job.phase === "sent") last = Math.max(last ?? 0, job.startedAt);
    }
    return last;
  }

  /** Jobs waiting now. */
  get size(): number {
    return this.waiting.size;
  }

  /** Whether a new job must wait: no free slot, or others wait already (no one jumps the line). */
  mustWait(placement: Placement): boolean {
    return this.waiting.size > 0 || !this.ctx.slots.hasFreeSlot(placement);
  }

  /** Queues a new job (`job` has its stand-in id), saves it and shows its place. */
  async enqueue(job: Job): Promise<void> {
    this.ctx.followed.add(job);
    await this.ctx.persist(job);
    this.restore(job);
    this.ctx.log
      .child(logContextOf(job))
      .info({ waiting: this.waiting.size }, "job waits for a free image server");
  }

  /** A job of `member` started without waiting: it counts as their turn. */
  noteStarted(member: string): void {
    this.waiting.started(member, this.ctx.clock.now());
  }

  /** Takes up a waiting job claimed from the store (after a restart) or just queued. */
  restore(job: Job): void {
    this.waiting.add({
      id: job.imageId,
      member: job.requesterId,
      queuedAt: job.startedAt,
      placement: placementOf(job),
    });
    // In a fleet, the drain reads the fleet's line first and shows the places in it.
    if (!this.fleetLine.shared) this.showPlaces();
    // After the caller's loop: jobs resumed beside it hold their slots first.
    queueMicrotask(() => this.drain());
  }

  /** The place in line (1: next; the fleet's, in a fleet) of each job waiting here, by its stand-in id. */
  placesInLine(): Map<string, number> {
    return new Map(this.inOrder().map(({ entry, place }) => [entry.id, place]));
  }

  /** A waiting job was cancelled: it gives its place up. */
  forget(jobId: string): void {
    if (!this.waiting.remove(jobId)) return;
    if (this.fleetLine.shared) this.drain();
    else this.showPlaces();
  }

  /** Starts waiting jobs while servers have free slots (one drain at a time). */
  drain(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drainOnce().finally(() => {
      this.draining = null;
      if (this.again) {
        this.again = false;
        this.drain();
      }
    });
  }

  stop(): void {
    this.stopped = true;
    this.cancelRetry?.();
  }

  private async drainOnce(): Promise<void> {
    try {
      await this.startWhileFree();
    } catch (err) {
      // The database failed mid-drain: the retry timer below still tries again.
      this.ctx.log.warn({ err }, "starting waiting jobs failed; trying again shortly");
    } finally {
      this.cancelRetry?.();
      this.cancelRetry =
        this.waiting.size > 0 && !this.stopped ? this.ctx.clock.setTimer(() => this.drain(), RETRY_MS) : null;
    }
  }

  private async startWhileFree(): Promise<void> {
    let moved = await this.endExpired();
    const { slots } = this.ctx;
    // The next in fair order that a free server can run: a relax job waiting for a server that runs relax
    // holds back no one else's job a free server could take.
    const startable = (entry: { placement: Placement }) =>
      slots.hasFreeSlot(entry.placement) || !slots.canRun(entry.placement);
    await this.readLine();
    // Jobs only some servers can run that those servers refused in this drain (the fleet fills them).
    const passed = new Set<string>();
    for (;;) {
      const next = this.inOrder().find(({ entry }) => !passed.has(entry.id) && startable(entry))?.entry;
      if (!next) break;
      this.waiting.remove(next.id);
      const job = this.ctx.followed.get(next.id);
      // Nothing was sent (the fleet fills the slots, or every server refused, or the database failed): it
      // keeps its place. One that waits for particular servers holds back no one another server can take.
      const started = !job || job.outcome !== null || (await this.startKeepingPlace(job, next));
      if (!started) {
        this.waiting.add(next);
        if (runsAnywhere(next.placement)) break;
        passed.add(next.id);
        continue;
      }
      this.waiting.started(next.member, this.ctx.clock.now());
      moved = true;
    }
    if (moved) await this.readLine();
    // In a fleet, other processes' starts move places too: shown on each drain (unchanged: no edit).
    if (moved || this.fleetLine.shared || serversState(slots).key !== this.shownFor) this.showPlaces();
  }

  /** Starts `job`; when that throws, `entry` is put back in line first. */
  private async startKeepingPlace(job: Job, entry: Entry): Promise<boolean> {
    try {
      return await startWaiting(this.ctx, this.endings, job);
    } catch (err) {
      this.waiting.add(entry);
      throw err;
    }
  }

  /**
   * Ends the jobs that waited longer than the job time limit (checked on every drain, at least every
   * {@link RETRY_MS} while jobs wait, and at once for jobs restored after a restart): nothing was sent for
   * them. Whether any ended (the others' places moved).
   */
  private async endExpired(): Promise<boolean> {
    const expired = this.endings.expired(this.waiting.order());
    for (const entry of expired) {
      this.waiting.remove(entry.id);
      await this.endings.waitExpired(entry.id);
    }
    return expired.length > 0;
  }

  private showPlaces(): void {
    const state = serversState(this.ctx.slots);
    this.shownFor = state.key;
    for (const { entry, place } of this.inOrder()) {
      const job = this.ctx.followed.get(entry.id);
      if (!job) continue;
      const view = viewForWaiting(job, place, waitReason(job, state));
      void this.ctx.throttle.show(job.imageId, { payload: view, key: view.key });
    }
  }

  /** This process's waiting jobs, the next first, each with its place in line (the fleet's, in a fleet). */
  private inOrder(): Placed<Entry>[] {
    return this.fleetLine.places(this.waiting.order());
  }

  private readLine(): Promise<void> {
    if (this.waiting.size === 0) return Promise.resolve();
    return this.fleetLine.read(
      (id) => this.waiting.has(id),
      (id) => this.ctx.followed.get(id) !== undefined,
    );
  }
}

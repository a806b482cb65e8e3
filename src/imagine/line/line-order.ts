/**
 * The order in which waiting jobs get a free slot: members take turns (round robin). The next job is the
 * earliest-queued one of the member served least recently (never served first; between those, the one
 * whose first waiting job is oldest), so one member's many jobs never hold back another member's one. Pure:
 * no timer and no I/O.
 */

/** One waiting job. */
export interface Waiting {
  readonly id: string;
  /** Who asked: members take turns. */
  readonly member: string;
  /** When it was queued (ms epoch): first come, first served within one member's jobs. */
  readonly queuedAt: number;
}

/** Members whose latest start is remembered; beyond, the one served longest ago is forgotten. */
const MAX_REMEMBERED = 10_000;

/** Waiting jobs in fair order. */
export class LineOrder<T extends Waiting> {
  private readonly entries = new Map<string, T>();
  /** When each member last had a job started (ms epoch), as far as this queue saw. */
  private readonly served = new Map<string, number>();

  /**
   * `startedBefore`: when a member last had a job started that this queue did not see start (jobs resumed
   * after a restart); undefined when none.
   */
  constructor(private readonly startedBefore: (member: string) => number | undefined = () => undefined) {}

  get size(): number {
    return this.entries.size;
  }

  add(entry: T): void {
    this.entries.set(entry.id, entry);
  }

  /** Whether `id` is waiting. */
  has(id: string): boolean {
    return this.entries.has(id);
  }

  /** Takes `id` out (cancelled); whether it was waiting. */
  remove(id: string): boolean {
    return this.entries.delete(id);
  }

  /** A job of `member` started at `now` (also one that never waited): their turn is used. */
  started(member: string, now: number): void {
    this.served.delete(member);
    this.served.set(member, now);
    // Only a member's latest start matters; members long gone are forgotten (oldest first).
    if (this.served.size > MAX_REMEMBERED) this.served.delete(this.served.keys().next().value!);
  }

  /** Every waiting job, the next to start first. */
  order(): readonly T[] {
    const byMember = new Map<string, T[]>();
    const byTime = [...this.entries.values()].sort(
      (a, b) => a.queuedAt - b.queuedAt || (a.id < b.id ? -1 : 1),
    );
    for (const entry of byTime) byMember.set(entry.member, [...(byMember.get(entry.member) ?? []), entry]);
    // Each member's place in the rotation: served longest ago (or never) first, then oldest waiting job.
    const rotation = [...byMember.entries()].map(([member, jobs]) => ({
      jobs,
      last: this.served.get(member) ?? this.startedBefore(member) ?? -Infinity,
      first: jobs[0]!.queuedAt,
    }));
    rotation.sort((a, b) => a.last - b.last || a.first - b.first);
    const order: T[] = [];
    for (let round = 0; order.length < byTime.length; round++)
      for (const { jobs } of rotation) {
        const job = jobs[round];
        if (job) order.push(job);
      }
    return order;
  }
}

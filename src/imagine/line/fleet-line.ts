/**
 * The fleet's one line as one process sees it (a fleet on Postgres): the fleet's waiting jobs in fair order
 * (`ServerSlotLedger.waitingLine`), read again on each drain of the process's queue, so its jobs start, and
 * say their places, in the fleet's order rather than in a count of its own jobs.
 */
import type { ServerSlotLedger } from "../../fleet/fleet-channels.js";
import type { Logger } from "../../logger.js";

/** A waiting job with its place in line (1: the next to start). */
export interface Placed<T> {
  entry: T;
  place: number;
}

/**
 * `local` (this process's waiting jobs in its own order) in the order of `line` (the fleet's stand-in ids,
 * the next first), each with its place there; jobs the line lacks (queued since it was read) come after it,
 * in their own order. Without a line: the local order. Pure.
 */
export function placesInLine<T extends { id: string }>(
  local: readonly T[],
  line: readonly string[] | null,
): Placed<T>[] {
  if (!line) return local.map((entry, i) => ({ entry, place: i + 1 }));
  const index = new Map(line.map((id, i) => [id, i]));
  const at = (entry: T) => index.get(entry.id) ?? line.length;
  // A stable sort: the jobs the line lacks keep their order among themselves.
  const ordered = [...local].sort((a, b) => at(a) - at(b));
  let after = line.length;
  return ordered.map((entry) => ({ entry, place: index.has(entry.id) ? at(entry) + 1 : ++after }));
}

/** The fleet's line as last read by this process. */
export class FleetLine {
  /** Stand-in ids, the next first; null without a fleet, or when it could not be read. */
  private line: readonly string[] | null = null;
  private failed = false;

  constructor(
    private readonly ledger: Pick<ServerSlotLedger, "waitingLine"> | undefined,
    private readonly log: Logger,
  ) {}

  /** Whether there is a fleet (whose line orders the jobs). */
  get shared(): boolean {
    return this.ledger !== undefined;
  }

  /**
   * Reads the line again. `waitsHere`: whether a job waits in this process's queue; `followedHere`: whether
   * this process follows it (one it follows that waits here no more started or was cancelled: it left the
   * line, whatever the database said a moment ago). Unreadable: places count this process's jobs until the
   * next read.
   */
  async read(waitsHere: (id: string) => boolean, followedHere: (id: string) => boolean): Promise<void> {
    if (!this.ledger) return;
    try {
      const line = await this.ledger.waitingLine();
      this.line = line.map((waiting) => waiting.id).filter((id) => waitsHere(id) || !followedHere(id));
      this.failed = false;
    } catch (err) {
      if (!this.failed)
        this.log.warn({ err }, "the fleet's line could not be read; places count this process's jobs");
      this.failed = true;
      this.line = null;
    }
  }

  /** `local` in the fleet's order, with places in it (see {@link placesInLine}). */
  places<T extends { id: string }>(local: readonly T[]): Placed<T>[] {
    return placesInLine(local, this.line);
  }
}

/**
 * Which followed jobs sit on a server that stopped answering, so the tracker notices the server's return
 * within seconds without polling every such job at its normal pace: one job per server (its scout) keeps
 * being polled every interval while its polls fail; the others back off as usual, and the first answer from
 * the server (a record, or a `forbidden` for a record it lost) brings all their polls forward.
 */
import { isSilentKind } from "./outage-policy.js";

/** The jobs of each server whose last poll failed with an outage kind, in the order they failed. */
export class PollOutages<S extends { readonly job: { readonly id: string } }> {
  private readonly down = new Map<string, Set<S>>();
  private readonly groups = new Map<S, string>();

  /**
   * `serverOf`: the server a job's record is on (jobs of an unknown server share one group); `pollSoon`:
   * brings a job's next poll forward, for the jobs of a server that answered again and for a new scout.
   */
  constructor(
    private readonly serverOf: (id: string) => string | undefined,
    private readonly pollSoon: (state: S) => void,
  ) {}

  /**
   * The job's poll failed with an error of `kind`: a silent server's (`isSilentKind`) puts it among that
   * server's silent jobs; any other service error (`forbidden`: the record is gone) is an answer from the
   * server (see {@link answered}); an error of no kind tells nothing.
   */
  failed(state: S, kind: string | undefined): void {
    if (kind === undefined) return;
    if (!isSilentKind(kind)) return this.answered(state);
    if (this.groups.has(state)) return;
    const group = this.serverOf(state.job.id) ?? "";
    this.groups.set(state, group);
    const jobs = this.down.get(group) ?? new Set<S>();
    jobs.add(state);
    this.down.set(group, jobs);
  }

  /**
   * The job's server answered (a record, or an error that is about the record, not the server): it is up,
   * and the other jobs waiting on it are polled soon.
   */
  answered(state: S): void {
    // Every successful poll comes here: with no server silent there is nothing to look up.
    if (this.down.size === 0) return;
    const group = this.groups.get(state) ?? this.serverOf(state.job.id) ?? "";
    const jobs = this.down.get(group);
    if (!jobs) return;
    this.down.delete(group);
    for (const s of jobs) this.groups.delete(s);
    jobs.delete(state);
    for (const s of jobs) this.pollSoon(s);
  }

  /** Whether the job is its silent server's scout: the one polled every interval until the server answers. */
  isScout(state: S): boolean {
    const group = this.groups.get(state);
    if (group === undefined) return false;
    return this.down.get(group)?.values().next().value === state;
  }

  /** The job is followed no more; when it was its server's scout, the next silent job of it takes over. */
  remove(state: S): void {
    const group = this.groups.get(state);
    if (group === undefined) return;
    const wasScout = this.isScout(state);
    this.groups.delete(state);
    const jobs = this.down.get(group);
    jobs?.delete(state);
    if (jobs?.size === 0) this.down.delete(group);
    const scout = wasScout ? jobs?.values().next().value : undefined;
    if (scout) this.pollSoon(scout);
  }
}

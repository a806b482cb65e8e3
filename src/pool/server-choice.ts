/** Which server of the pool a new job goes to (`ServerPool.choose`): pure, from the servers' state at `now`. */
import { ServersClosedError } from "../imagine/image-servers.js";
import type { Placement } from "../imagine/job-placement.js";
import { opensAt } from "./account-health/account-health.js";
import type { ImageServer } from "./image-server.js";
import { rankOf } from "./pool-health.js";
import { runsOn } from "./server-placement.js";

/**
 * Those of `servers` that take new jobs at `now`; a server named out of date (`ServerWatch`) only when
 * none of the others does, so its jobs go to servers that still drive Midjourney.
 */
export function takingServers(servers: readonly ImageServer[], now: number): ImageServer[] {
  const taking = servers.filter((s) => s.takesJobs(now));
  const current = taking.filter((s) => !s.heldBack(now));
  return current.length > 0 ? current : taking;
}

/**
 * The server for a new job: among those that take jobs and may run it (`placement`), one with a free slot, the
 * least loaded first (then the lowest number); with no free slot anywhere, the least loaded. When none takes
 * jobs, the one that should recover first (not `paused`, back-off ending first): the job is sent and the
 * server's answer decides, as with one server. `null` only when no server may run it or all are excluded.
 */
export function chooseServer(
  servers: readonly ImageServer[],
  options: { placement?: Placement; exclude?: ImageServer },
  now: number,
): ImageServer | null {
  const eligible = servers.filter((s) => s !== options.exclude && runsOn(s, options.placement));
  const taking = takingServers(eligible, now);
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
 * Why {@link chooseServer} found no server for a job placed as `placement`: the accounts of those that may
 * run it are all closed to new work (held, resting, at their budget: a {@link ServersClosedError}, saying when
 * the first opens again), or none may run it at all (a RangeError).
 */
export function noServerFor(
  servers: readonly ImageServer[],
  placement: Placement | undefined,
  now: number,
): Error {
  const closed = servers.filter((s) => runsOn(s, placement) && !s.accountOpen(now));
  if (closed.length === 0) return new RangeError("no configured ImagineAPI server can run this job");
  return new ServersClosedError(soonestOpening(closed, now));
}

/**
 * The soonest time one of `servers` whose account is closed for a time (resting, at its daily budget, held
 * for a time) opens again; null when none will by itself.
 */
export function soonestOpening(servers: readonly ImageServer[], now: number): number | null {
  let soonest: number | null = null;
  for (const s of servers) {
    const at = s.account ? opensAt(s.account.state(s.name, now)) : null;
    if (at !== null && (soonest === null || at < soonest)) soonest = at;
  }
  return soonest;
}

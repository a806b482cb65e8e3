/** What a job waiting in the bot's line is shown to wait for (see `line/waiting-line.ts`, `line/waiting-message.ts`). */
import type { WaitReason } from "./waiting-message.js";
import type { FreeSlots, ServersOut } from "../image-servers.js";
import { placementOf, unknownPlacement, type PlacedJob } from "../job-placement.js";
import type { Job } from "../job.js";

/**
 * The servers as waiting jobs see them: whether one has a free slot, whether none takes jobs at all, and how
 * many take none because they do not answer or answer with a problem (`outOfService`).
 */
export interface ServersState {
  readonly serverFree: boolean;
  readonly serversDown: boolean;
  readonly out: ServersOut;
  /** While no server takes jobs: when one whose account rests or is paced opens again; null otherwise. */
  readonly reopensAt: number | null;
  /** Equal for states that show the same reasons. */
  readonly key: string;
}

/** The servers' state now, from `slots`. */
export function serversState(slots: FreeSlots): ServersState {
  const serverFree = slots.hasFreeSlot();
  const serversDown = !serverFree && !slots.someServerUp();
  const reopensAt = serversDown ? (slots.reopensAt?.() ?? null) : null;
  const out = serverFree ? NONE_OUT : (slots.outOfService?.() ?? NONE_OUT);
  const key = `${serverFree}|${serversDown}|${reopensAt}|${out.unreachable > 0}|${out.failing > 0}`;
  return { serverFree, serversDown, out, reopensAt, key };
}

const NONE_OUT: ServersOut = { unreachable: 0, failing: 0 };

/** Why no server takes jobs: none answers, all answer with a problem, or some of each. */
function downReason(out: ServersOut): WaitReason {
  if (out.failing === 0) return { kind: "down" };
  return out.unreachable === 0 ? { kind: "failing" } : { kind: "down-or-failing" };
}

/**
 * Why `job` waits: no server takes jobs (none answers, or they answer with a problem); every server that takes
 * jobs is busy (the others out of service, or none); or a server is free, so the job waits for one that runs its speed or
 * for its grid's server (an Enhance), as its placement says (`placementOf`); else every server is busy.
 */
export function waitReason(job: PlacedJob & Pick<Job, "remadeFrom">, state: ServersState): WaitReason {
  // Its first server could not run it (an account notice, or it left it pending): it is made again elsewhere.
  if (job.remadeFrom !== undefined && !state.serverFree) return { kind: "again", why: job.remadeFrom.why };
  if (state.reopensAt !== null) return { kind: "paced", until: state.reopensAt };
  if (state.serversDown) return downReason(state.out);
  // Every server that takes jobs is busy; while others are out of service, that is said too.
  if (!state.serverFree)
    return state.out.unreachable + state.out.failing > 0 ? { kind: "busy-others-out" } : { kind: "busy" };
  const placement = placementOf(job);
  switch (placement.on) {
    case "any":
      return { kind: "busy" };
    case "speed":
      return { kind: "speed", speed: placement.speed };
    case "grid-server":
      return { kind: "grid-server" };
    default:
      return unknownPlacement(placement);
  }
}

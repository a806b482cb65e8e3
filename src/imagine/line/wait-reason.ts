/** What a job waiting in the bot's line is shown to wait for (see `line/waiting-line.ts`, `line/waiting-message.ts`). */
import type { WaitReason } from "./waiting-message.js";
import type { FreeSlots } from "../image-servers.js";
import { placementOf, unknownPlacement, type PlacedJob } from "../job-placement.js";
import type { Job } from "../job.js";

/** The servers as waiting jobs see them: whether one has a free slot, whether none takes jobs at all. */
export interface ServersState {
  readonly serverFree: boolean;
  readonly serversDown: boolean;
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
  return { serverFree, serversDown, reopensAt, key: `${serverFree}|${serversDown}|${reopensAt}` };
}

/**
 * Why `job` waits: no server takes jobs; or a server is free, so the job waits for one that runs its speed or
 * for its grid's server (an Enhance), as its placement says (`placementOf`); else every server is busy.
 */
export function waitReason(job: PlacedJob & Pick<Job, "remadeFrom">, state: ServersState): WaitReason {
  // Its first server could not run it (an account notice, or it left it pending): it is made again elsewhere.
  if (job.remadeFrom !== undefined && !state.serverFree) return { kind: "again", why: job.remadeFrom.why };
  if (state.reopensAt !== null) return { kind: "paced", until: state.reopensAt };
  if (state.serversDown) return { kind: "down" };
  if (!state.serverFree) return { kind: "busy" };
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

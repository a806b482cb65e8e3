/** What a job waiting in the bot's line is shown to wait for (see `line/waiting-line.ts`, `line/waiting-message.ts`). */
import type { WaitReason } from "./waiting-message.js";
import type { FreeSlots } from "../image-servers.js";
import { placementOf, unknownPlacement, type PlacedJob } from "../job-placement.js";

/** The servers as waiting jobs see them: whether one has a free slot, whether none takes jobs at all. */
export interface ServersState {
  readonly serverFree: boolean;
  readonly serversDown: boolean;
  /** Equal for states that show the same reasons. */
  readonly key: string;
}

/** The servers' state now, from `slots`. */
export function serversState(slots: FreeSlots): ServersState {
  const serverFree = slots.hasFreeSlot();
  const serversDown = !serverFree && !slots.someServerUp();
  return { serverFree, serversDown, key: `${serverFree}|${serversDown}` };
}

/**
 * Why `job` waits: no server takes jobs; or a server is free, so the job waits for one that runs its speed or
 * for its grid's server (an Enhance), as its placement says (`placementOf`); else every server is busy.
 */
export function waitReason(job: PlacedJob, state: ServersState): WaitReason {
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

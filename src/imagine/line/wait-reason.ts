/** What a job waiting in the bot's line is shown to wait for (see `line/waiting-line.ts`, `line/waiting-message.ts`). */
import type { WaitReason } from "./waiting-message.js";
import type { FreeSlots } from "../image-servers.js";
import type { Job } from "../job.js";

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
 * Why `job` waits: no server takes jobs; or a server is free, so the job waits for one that runs its speed
 * (`requirementOf`) or for its grid's server (an Enhance); else every server is busy.
 */
export function waitReason(job: Pick<Job, "kind" | "prompt">, state: ServersState): WaitReason {
  if (state.serversDown) return { kind: "down" };
  if (state.serverFree) {
    if (job.kind.name !== "imagine") return { kind: "grid-server" };
    const { speed } = job.prompt;
    if (speed !== null) return { kind: "speed", speed };
  }
  return { kind: "busy" };
}

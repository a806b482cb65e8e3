/** What a job waiting in the bot's line is shown to wait for (see `job-queue.ts`, `render/waiting.ts`). */
import type { WaitReason } from "../render/waiting.js";
import type { SlotSource } from "./imagine-service-options.js";
import type { Job } from "./job.js";

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
export function serversState(slots: SlotSource): ServersState {
  const serverFree = slots.hasFreeSlot();
  const serversDown = !serverFree && !(slots.someServerUp?.() ?? true);
  const reopensAt = serversDown ? (slots.reopensAt?.() ?? null) : null;
  return { serverFree, serversDown, reopensAt, key: `${serverFree}|${serversDown}|${reopensAt}` };
}

/**
 * Why `job` waits: no server takes jobs; or a server is free, so the job waits for one that runs its speed
 * (`requirementOf`) or for its grid's server (an Enhance); else every server is busy.
 */
export function waitReason(
  job: Pick<Job, "kind" | "prompt" | "remadeFrom">,
  state: ServersState,
): WaitReason {
  // Its first server could not run it (an account notice, or it left it pending): it is made again elsewhere.
  if (job.remadeFrom !== undefined && !state.serverFree) return { kind: "again" };
  if (state.reopensAt !== null) return { kind: "paced", until: state.reopensAt };
  if (state.serversDown) return { kind: "down" };
  if (state.serverFree) {
    if (job.kind.name !== "imagine") return { kind: "grid-server" };
    const { speed } = job.prompt;
    if (speed !== null) return { kind: "speed", speed };
  }
  return { kind: "busy" };
}

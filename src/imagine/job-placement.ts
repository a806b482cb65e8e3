/**
 * Where a job may run and whether it waits its turn in the fleet's one line: one exhaustive switch on its kind,
 * read by the pool's routing, the bot's line (its order and why a job waits) and the fleet's (`PostgresServerSlots`).
 */
import type { Prompt } from "../prompt/prompt.js";
import type { Speed } from "../prompt/speed.js";
import type { Job } from "./job.js";
import { unknownKind, type JobKind } from "./job-kind.js";

/**
 * Where a job may run: on `any` server; only on one that runs the `speed` its prompt asks for (`--relax`,
 * `--fast`, `--turbo`, also one added from the settings: a self-hosted ImagineAPI cannot follow relax); or on its
 * `grid-server` (an Enhance: only the server holding its grid can, named in `server` once known). `inTurn`: it
 * waits its turn in the fleet's one line, holding back other processes' members who come after it (only a job
 * any server can run does: the others wait for particular servers and hold no one back).
 */
export type Placement =
  | { readonly on: "any"; readonly inTurn: true }
  | { readonly on: "speed"; readonly speed: Speed; readonly inTurn: false }
  | { readonly on: "grid-server"; readonly server: string | undefined; readonly inTurn: false };

const ANY: Placement = Object.freeze({ on: "any", inTurn: true });

/** What {@link placementOf} reads of a job: its kind's name, its prompt's speed and the server named with it. */
export type PlacedJob = {
  readonly kind: Pick<JobKind, "name">;
  readonly prompt: Pick<Prompt, "speed">;
} & Partial<Pick<Job, "server">>;

/** Where `job` may run and whether it waits its turn (see {@link Placement}). */
export function placementOf(job: PlacedJob): Placement {
  const { kind } = job;
  switch (kind.name) {
    case "imagine": {
      const { speed } = job.prompt;
      return speed === null ? ANY : { on: "speed", speed, inTurn: false };
    }
    case "upscale":
      return { on: "grid-server", server: job.server, inTurn: false };
    default:
      return unknownKind(kind.name);
  }
}

/**
 * Whether a create the servers refused the connection for (no record anywhere) may go to another server, and
 * the job wait in line until one is back: a job any server, or any server of a speed, can run; not an Enhance.
 */
export function mayMoveServers(placement: Placement): boolean {
  switch (placement.on) {
    case "any":
    case "speed":
      return true;
    case "grid-server":
      return false;
    default:
      return unknownPlacement(placement);
  }
}

/** The image id of the grid a job of `kind` must run beside (an Enhance's), or null when it may run apart. */
export function gridOf(kind: JobKind): string | null {
  switch (kind.name) {
    case "imagine":
      return null;
    case "upscale":
      return kind.parentId;
    default:
      return unknownKind(kind);
  }
}

/** Whether a job placed as `placement` may run on any server (no speed asked for, no grid's server named). */
export function runsAnywhere(placement: Placement): boolean {
  switch (placement.on) {
    case "any":
      return true;
    case "speed":
      return false;
    case "grid-server":
      return placement.server === undefined;
    default:
      return unknownPlacement(placement);
  }
}

/** The end of an exhaustive `switch (placement.on)`. */
export function unknownPlacement(placement: never): never {
  throw new Error(`unknown placement of a job: ${JSON.stringify(placement)}`);
}

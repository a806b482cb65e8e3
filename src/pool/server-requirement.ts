/**
 * What a job requires of the image server it runs on, and whether it waits its turn in the fleet's one line:
 * the one definition of both, read by the pool's routing, the bot's line (`job-queue.ts`) and the fleet's
 * (`PostgresServerSlots`).
 */
import type { Job } from "../imagine/job.js";
import { unknownKind, type JobKindName } from "../imagine/job-kind.js";
import type { Speed } from "../prompt/speed.js";
import type { ImageServer } from "./image-server.js";

/**
 * What a job may require of the server it runs on (e.g. a speed only some accounts run): servers it refuses
 * get no such job. No requirement: any server.
 */
export type ServerRequirement = (server: ImageServer) => boolean;

/**
 * What a job's prompt requires of its server: the speed it asks for (`--relax`, `--fast`, `--turbo`, also one
 * added from the settings; the prompt's `speed`) must be one the server can run (`ServiceProfile.speeds`: a
 * self-hosted ImagineAPI cannot follow relax). The job's prompt carries it, so a job waiting in the bot's
 * queue, also one restored after a restart, does. None when the prompt names no speed.
 */
export function requirementOf(speed: Speed | null): ServerRequirement | undefined {
  return speed === null ? undefined : (server) => server.profile.speeds.includes(speed);
}

/**
 * What `job` requires of its server: a grid, the speed its prompt asks for ({@link requirementOf}); an
 * upscale, its grid's server (only that one holds the grid, so only its free slot lets the upscale start),
 * named in `job.server` when the job is queued. None for an upscale queued without a server name (one server,
 * or a job saved before the name was kept).
 */
export function requirementOfJob(
  job: Pick<Job, "kind" | "prompt" | "server">,
): ServerRequirement | undefined {
  const { kind, server } = job;
  switch (kind.name) {
    case "imagine":
      return requirementOf(job.prompt.speed);
    case "upscale":
      return server === undefined ? undefined : (s) => s.name === server;
    default:
      return unknownKind(kind);
  }
}

/**
 * Whether a job of kind `kind` waits its turn in the fleet's one line: it holds back other processes'
 * members who come after it, and is held back by those before it. Only a grid any server can run does: a grid
 * asking for a speed waits for a server that runs it, an upscale for its grid's server (see
 * {@link requirementOfJob}), and neither stops a free server from taking the next job.
 */
export function waitsItsTurn(kind: JobKindName, speed: Speed | null): boolean {
  return kind === "imagine" && speed === null;
}

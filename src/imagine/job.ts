/**
 * A job: one image record being followed for one Discord message. Everything needed to resume it after a
 * restart is here (the store persists it as is).
 */
import type { Language } from "../i18n/languages.js";
import type { Prompt } from "../prompt/prompt.js";
import type { JobKind, UpscaleKind } from "./job-kind.js";

export type { JobKind } from "./job-kind.js";

/** Where the job's message lives and how the bot can reach it. */
export interface MessageLocation {
  applicationId: string;
  /** The interaction token (secret), while the job came from an interaction; null for DM prompts. */
  interactionToken: string | null;
  /** When the interaction token stops working (ms epoch): 15 minutes after the interaction. */
  interactionTokenExpiresAt: number | null;
  guildId: string | null;
  channelId: string;
  /** The message showing the job; null until the first edit tells its id. */
  messageId: string | null;
  /** False once the bot token was refused on this channel (no access, a DM of a user-installed app). */
  channelEditable: boolean;
}

/** What an Enhance job enlarges: its kind without the name (the store's Enhance lookup takes it). */
export type UpscaleSource = Omit<UpscaleKind, "name">;

/**
 * What a job was made from: a 🖌️ Remix (an edited prompt) or 🔁 More like this (an image as the image
 * prompt) of job `jobId`, clicked on the message at `link` (a jump link; `null` when unknown).
 */
export interface JobOrigin {
  kind: "remix" | "more";
  jobId: string;
  link: string | null;
}

/**
 * Where a job is on its way to the image service: `waiting` in the bot's line (no record exists yet; its
 * `imageId` is a stand-in made from its `ref`, see `line/stand-in.ts`), or `sent` (its record was created, or may
 * have been, and `imageId` is the service's).
 */
export type JobPhase = "waiting" | "sent";

/** Whether `job` waits in the bot's line (no record exists yet). */
export function isWaiting(job: Pick<Job, "phase">): boolean {
  return job.phase === "waiting";
}

/**
 * The id people see for a job (footers, `/imagine-status`): its image id; or its request id, which
 * `/imagine-status job:` finds as well, while it has no image id (it waits in line, or ended there) and,
 * after it waited, to the end, so its message shows one id from waiting to done; never the stand-in.
 */
export function shownJobId(job: Pick<Job, "imageId" | "ref" | "phase" | "waitedInLine">): string {
  return isWaiting(job) || job.waitedInLine === true ? job.ref : job.imageId;
}

export type JobOutcome = "completed" | "failed" | "timed-out" | "lost" | "message-deleted" | "cancelled";

export interface Job {
  /** The service's image id; a stand-in while the job is `waiting` (see {@link JobPhase}). */
  imageId: string;
  /** Whether the job still waits in the bot's line or was sent to an image server. */
  phase: JobPhase;
  /** The `ref` sent to the service: the interaction id (or the DM message id). */
  ref: string;
  /** The prompt as read when the job was asked for (the store keeps its text and reads it back once). */
  prompt: Prompt;
  /** What the job makes (an upscale's record has its `parentId` as `parent_id`). */
  kind: JobKind;
  requesterId: string;
  /** How the job was started: a slash command (or button), or a DM prompt. */
  source: "interaction" | "dm";
  location: MessageLocation;
  /** When the job was submitted (ms epoch); its time limit counts from here. */
  startedAt: number;
  /** Last status and progress seen. */
  status: string;
  progress: number | null;
  /** Set once the job ended; `delivered` once its final message reached the user. */
  outcome: JobOutcome | null;
  finishedAt: number | null;
  delivered: boolean;
  /** The image record's error text for failed jobs. */
  error: string | null;
  /** Who cancelled the job (a Discord user id), for outcome `cancelled`; absent otherwise. */
  cancelledBy?: string;
  /** The language its messages are in, chosen when it was submitted (kept across restarts). */
  language: Language;
  /** The requester asked for results by DM (`/settings delivery`); absent: in the channel. */
  deliverByDm?: boolean;
  /** Set for a Remix or More like this: the job it was made from, which its messages link to. */
  origin?: JobOrigin;
  /**
   * The name of the ImagineAPI server holding its record (IMAGINE_API_NAME[_N]): its polls, Enhance and
   * resume go there. Absent for a job recorded before the pool: server 1. An Enhance waiting in the bot's
   * line (no record yet) names its grid's server, the only one it can run on (`requirementOfJob`).
   */
  server?: string;
  /**
   * Set for a job made again after its first record could not run: a notice about its server's account
   * (`account`), left `pending` by a server that reports a problem (`pending`), or lost by a server that
   * stopped answering and came back without it (`lost`): that record's id and server, and why. Stored with
   * the job, so a job is made again once, also across a restart.
   */
  remadeFrom?: RemadeFrom;
  /**
   * Set once a job that waited in the bot's line was sent: its messages keep showing its request id
   * (`shownJobId`), the id they showed while it waited, rather than switching to the record's.
   */
  waitedInLine?: true;
  /** The name of the server's style picked for the prompt (its text is in `prompt`); absent: none. */
  style?: string;
}

/** Why a job was made again (see {@link Job.remadeFrom}). */
export const REMAKE_REASONS = ["account", "pending", "lost"] as const;
export type RemakeReason = (typeof REMAKE_REASONS)[number];

/** The first record of a job made again, and why it was. */
export interface RemadeFrom {
  readonly imageId: string;
  readonly server: string | null;
  readonly why: RemakeReason;
}

/** Whether the interaction token can still be used at `now`, keeping a safety margin. */
export function interactionTokenUsable(location: MessageLocation, now: number, marginMs = 60_000): boolean {
  return (
    location.interactionToken !== null &&
    location.interactionTokenExpiresAt !== null &&
    now < location.interactionTokenExpiresAt - marginMs
  );
}

/** The log fields that say which job, interaction and user a line is about. */
export function logContextOf(job: Job): Record<string, string> {
  return {
    jobId: job.imageId,
    userId: job.requesterId,
    interactionId: job.ref,
    ...(job.server === undefined ? {} : { server: job.server }),
  };
}

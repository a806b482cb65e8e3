/**
 * A job someone asks for, as one value carried whole from admission (`Admission.admit`) to submission
 * (`ImagineService.submit`); only how its messages reach the requester ({@link JobDelivery}) is added once
 * the request is answered.
 */
import type { Language } from "../i18n/languages.js";
import type { SubmissionPlace } from "../moderation/server-rules.js";
import type { JobKind } from "./job-kind.js";
import type { ImageRecord } from "../service/schema.js";
import type { Job, JobOrigin, MessageLocation } from "./job.js";
import type { Prompt } from "../prompt/prompt.js";

/** Who asks, and where: what the settings in force depend on. */
export interface Requester {
  userId: string;
  guildId: string | null;
  isModerator: boolean;
  /** The member's roles in the server (per-role limits); none in DMs. */
  roleIds?: readonly string[];
}

/** A job asked for, built once from what asked (an interaction, a button, a DM message). */
export interface JobRequest {
  /** Who asks, and where: what the settings in force depend on. */
  readonly requester: Requester;
  /**
   * The id of the interaction or DM message that asked: the job's `ref` at the service, the key its
   * refused prompt is kept under (Try again), the `interactionId` of its log lines.
   */
  readonly ref: string;
  /** The channel it was asked in (a server's channel rules); `null` in DMs and for buttons. */
  readonly place: SubmissionPlace | null;
  /**
   * The prompt, read once when the request was built (its text, parameters and speed); for an upscale, the
   * grid's prompt (shown with the job, not sent).
   */
  readonly prompt: Prompt;
  /** What the job makes. */
  readonly kind: JobKind;
  /** Set for a Remix or More like this: the job it was made from, which its messages link to. */
  readonly origin?: JobOrigin;
  /** The name of the server's style whose text the prompt holds (`/imagine style:`), shown with the job. */
  readonly style?: string;
}

/** Where and how an admitted job's messages go, known once the request was answered. */
export interface JobDelivery {
  /** How the job was started: a slash command (or button), or a DM prompt. */
  readonly source: Job["source"];
  /** The message the job will be shown in. */
  readonly location: MessageLocation;
  /** The language of the job's messages (progress, result), for as long as it runs. */
  readonly language: Language;
  /** Post the result to the requester's DMs rather than the channel (falls back to the channel). */
  readonly deliverByDm?: boolean;
}

/**
 * A job just created for `request`, shown as `delivery` says, from the service's first `record` of it, started
 * at `startedAt`.
 */
export function newJob(
  request: Pick<JobRequest, "ref" | "prompt" | "kind" | "requester" | "origin" | "style">,
  delivery: JobDelivery,
  record: Pick<ImageRecord, "id" | "status" | "progress">,
  startedAt: number,
): Job {
  return {
    imageId: record.id,
    phase: "sent",
    ref: request.ref,
    prompt: request.prompt,
    kind: request.kind,
    requesterId: request.requester.userId,
    source: delivery.source,
    location: delivery.location,
    startedAt,
    status: record.status,
    progress: record.progress,
    outcome: null,
    finishedAt: null,
    delivered: false,
    error: null,
    language: delivery.language,
    ...(delivery.deliverByDm ? { deliverByDm: true } : {}),
    ...(request.origin ? { origin: request.origin } : {}),
    ...(request.style ? { style: request.style } : {}),
  };
}

/**
 * What a job's message shows for a record (or a timeout), and the image it needs. Pure: the renderer is
 * chosen by the job's state; the image is referenced as `attachment://NAME` when it must be uploaded.
 */
import { createHash } from "node:crypto";
import { translator, type Translator } from "../i18n/translate.js";
import { renderCancelled } from "../render/cancelled.js";
import {
  enhanceButtons,
  factorLabel,
  renderCompleted,
  renderEnhanced,
  renderUpscale,
} from "../render/final.js";
import {
  isPrivateRefusal,
  renderFailed,
  renderPrivateRefusalNotice,
  renderTimedOut,
} from "../render/failure.js";
import { LOST_JOB_ERROR } from "../render/image-errors.js";
import type { RenderContext } from "../render/message-parts.js";
import { visibleKey, type MessagePayload } from "../render/payload.js";
import { renderProgress, type ProgressNotice } from "../render/progress.js";
import { renderWaiting, type WaitReason } from "./line/waiting-message.js";
import { newImageRecord } from "../service/record-factory.js";
import type { ImageRecord, UpscaleFactor } from "../service/schema.js";
import { attachmentName, shouldAttach, type ImageDeliveryMode } from "./delivery/image-source.js";
import { shownJobId, type Job } from "./job.js";
import { unknownKind } from "./job-kind.js";

/** An image shown by a message: where it comes from, and the file name when it is uploaded. */
export interface ViewImage {
  sourceUrl: string;
  /** Set when the image is downloaded and uploaded; the embed then says `attachment://<fileName>`. */
  fileName: string | null;
}

/** A rendered message before its image (if any) is fetched. */
export interface JobView {
  payload: MessagePayload;
  image: ViewImage | null;
  /**
   * Changes exactly when what the user sees changes (including a new preview behind the same name): a
   * digest of the visible content.
   */
  key: string;
  final: boolean;
  /**
   * Shown only to the requester (ephemeral follow-up, or DM) after `payload`: the detail of a refusal of
   * their own prompt, which the channel must not see.
   */
  privateNote?: MessagePayload;
  /**
   * Posted as rendered, pinging nobody, and where the job was asked for (not by DM): a notice of the
   * requester's own action, which should not notify them.
   */
  quiet?: boolean;
}

function renderContext(job: Job, imageUrl: string | null): RenderContext {
  const shownId = shownJobId(job);
  return {
    requesterId: job.requesterId,
    prompt: job.prompt,
    jobId: job.imageId,
    ...(shownId === job.imageId ? {} : { shownId }),
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
    imageUrl,
    ...(job.origin ? { origin: job.origin } : {}),
    ...(job.style ? { style: job.style } : {}),
    ...enhanceOf(job),
    ...(answeredThroughInteractionOnly(job) ? { interactionOnly: true } : {}),
  };
}

/** An Enhance job's image and factor, which its running messages name. */
function enhanceOf(job: Job): { enhance?: NonNullable<RenderContext["enhance"]> } {
  const { kind } = job;
  switch (kind.name) {
    case "imagine":
      return {};
    case "upscale":
      return { enhance: { name: `U${kind.index + 1}`, factor: factorLabel(kind.factor) } };
    default:
      return unknownKind(kind);
  }
}

/** Whether the job's messages reach the requester only through its interaction (see `interactionLocation`). */
function answeredThroughInteractionOnly(job: Job): boolean {
  return (
    job.source === "interaction" && !job.location.channelEditable && job.location.interactionToken !== null
  );
}

function chooseImage(
  mode: ImageDeliveryMode,
  base: string,
  url: string | null | undefined,
): ViewImage | null {
  if (!url) return null;
  return { sourceUrl: url, fileName: shouldAttach(mode, url) ? attachmentName(base, url) : null };
}

function embedUrl(image: ViewImage | null): string | null {
  if (image === null) return null;
  return image.fileName === null ? image.sourceUrl : `attachment://${image.fileName}`;
}

/**
 * A failed or timed-out job's "Try again" per kind: an upscale's enhances the same image again (the
 * renderers' button would run the grid's prompt anew).
 */
function withRetryButtons(t: Translator, job: Job, payload: MessagePayload): MessagePayload {
  const { kind } = job;
  switch (kind.name) {
    case "imagine":
      return payload;
    case "upscale": {
      if (payload.components.length === 0) return payload;
      const { parentId, index, factor } = kind;
      const again = enhanceButtons(t, parentId, index, job.requesterId, [factor], () =>
        t("enhance.tryAgain"),
      );
      return { ...payload, components: again };
    }
    default:
      return unknownKind(kind);
  }
}

/** The finished job's message per kind: the grid, or the enlarged image. */
function completedView(t: Translator, job: Job, record: ImageRecord, mode: ImageDeliveryMode): JobView {
  const { kind } = job;
  switch (kind.name) {
    case "imagine": {
      const image = chooseImage(mode, "grid", record.url);
      return view(renderCompleted(t, record, renderContext(job, embedUrl(image))), image, true);
    }
    case "upscale": {
      const image = chooseImage(mode, `u${kind.index + 1}-${kind.factor}`, record.url);
      return view(renderEnhanced(t, kind, renderContext(job, embedUrl(image))), image, true);
    }
    default:
      return unknownKind(kind);
  }
}

function view(payload: MessagePayload, image: ViewImage | null, final: boolean): JobView {
  // A digest, not the text: the key of every followed job stays in memory (about 1 KB of text each).
  const key = createHash("sha256")
    .update(visibleKey(payload))
    .update("|")
    .update(image?.sourceUrl ?? "")
    .digest("base64url");
  return { payload, image, final, key };
}

/**
 * The message for the latest record of a job: progress (with the preview and any `notice`), the grid (the
 * enhanced image for an Enhance job), or the failure.
 */
export function viewForRecord(
  job: Job,
  record: ImageRecord,
  mode: ImageDeliveryMode,
  notice: ProgressNotice = {},
): JobView {
  const t = translator(job.language);
  if (record.status === "completed") return completedView(t, job, record, mode);
  if (record.status === "failed") {
    const failed = withRetryButtons(
      t,
      job,
      renderFailed(t, record, renderContext(job, null), notice.serverOutOfDate ?? false),
    );
    // In a server, the channel sees a neutral line; a DM is already private.
    if (job.location.guildId === null || !isPrivateRefusal(record)) return view(failed, null, true);
    return { ...view(renderPrivateRefusalNotice(t, job.imageId), null, true), privateNote: failed };
  }
  // While in progress, `url` is a changing low-resolution preview (service-facts.md).
  const preview = record.status === "in-progress" ? chooseImage(mode, "preview", record.url) : null;
  const shown = job.remadeFrom === undefined ? notice : { ...notice, remade: true };
  return view(renderProgress(t, record, renderContext(job, embedUrl(preview)), shown), preview, false);
}

/**
 * The record fields a progress view ({@link viewForRecord} of an unfinished record) depends on: equal
 * signatures of one job give the same view, so the view need not be rendered again.
 */
export function progressSignature(record: ImageRecord): string {
  return `${record.status}\n${String(record.progress)}\n${record.url ?? ""}`;
}

/** The message for a job the bot stopped waiting for. */
export function viewForTimeout(job: Job, timeoutMs: number): JobView {
  const t = translator(job.language);
  return view(withRetryButtons(t, job, renderTimedOut(t, renderContext(job, null), timeoutMs)), null, true);
}

/**
 * The message for a job that waited in the bot's line for `timeoutMs` without a free image server;
 * `someServers`: it could run only on some of them (its speed, or its grid's server), so others may have
 * been free all along.
 */
export function viewForWaitExpired(job: Job, timeoutMs: number, someServers = false): JobView {
  const t = translator(job.language);
  const why = someServers ? "waitingForSome" : "waiting";
  return view(
    withRetryButtons(t, job, renderTimedOut(t, renderContext(job, null), timeoutMs, why)),
    null,
    true,
  );
}

/** The message of a job waiting in the bot's line, number `place` (1: next), for `reason`. */
export function viewForWaiting(job: Job, place: number, reason: WaitReason): JobView {
  return view(renderWaiting(translator(job.language), renderContext(job, null), place, reason), null, false);
}

/**
 * The message for a job someone cancelled: "Cancelled by …", no buttons. It tells the requester when a
 * moderator cancelled their job, and notifies nobody when they cancelled it themselves.
 */
export function viewForCancelled(job: Job, cancelledBy: string): JobView {
  const cancelled = view(
    renderCancelled(translator(job.language), renderContext(job, null), cancelledBy),
    null,
    true,
  );
  return cancelledBy === job.requesterId ? { ...cancelled, quiet: true } : cancelled;
}

export { LOST_JOB_ERROR };

/** The message for a job the service answers "forbidden" for, as if its record had failed. */
export function viewForLost(job: Job, mode: ImageDeliveryMode): JobView {
  const record = newImageRecord({
    id: job.imageId,
    prompt: job.prompt.text,
    status: "failed",
    error: LOST_JOB_ERROR,
    ref: job.ref,
  });
  return viewForRecord(job, record, mode);
}

/**
 * The single image U(index+1) of a completed record, posted as its own message, with an Enhance button per
 * factor of `enhanceFactors`.
 */
export function viewForUpscale(
  job: Pick<Job, "imageId" | "prompt" | "requesterId" | "startedAt" | "language" | "style">,
  record: ImageRecord,
  index: number,
  mode: ImageDeliveryMode,
  enhanceFactors: readonly UpscaleFactor[] = [],
): JobView {
  const image = chooseImage(mode, `u${index + 1}`, record.upscaled_urls?.[index]);
  const ctx: RenderContext = {
    requesterId: job.requesterId,
    prompt: job.prompt,
    jobId: job.imageId,
    startedAt: job.startedAt,
    imageUrl: embedUrl(image),
    ...(job.style ? { style: job.style } : {}),
  };
  return view(renderUpscale(translator(job.language), record, index, ctx, enhanceFactors), image, true);
}

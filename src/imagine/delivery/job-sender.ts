/**
 * Sending a followed job's views to Discord (the update throttle's `send`): the image is fetched or linked
 * as the view asks, progress goes to the job's message (a message that moved is saved), and a final view is
 * posted as the result (exactly once, see `deliverResult`). Also what only the requester may see, once.
 */
import { DeliveryError } from "../../jobs/delivery-error.js";
import type { Clock } from "../../jobs/clock.js";
import type { Logger } from "../../logger.js";
import type { MessagePayload } from "../../render/payload.js";
import type { FollowedJobs } from "../followed-jobs.js";
import type { ImagineServiceOptions } from "../imagine-service-options.js";
import type { Job } from "../job.js";
import type { JobLogs } from "../job-logs.js";
import type { JobOwnership } from "../job-ownership.js";
import type { JobView } from "../job-view.js";
import { materialize } from "./materialize.js";
import { deliverResult } from "./result-delivery.js";

/** What sending needs of the service that follows the jobs. */
export interface JobSenderContext {
  options: Pick<
    ImagineServiceOptions,
    "servers" | "messenger" | "store" | "imageDownloadMaxBytes" | "events"
  >;
  clock: Clock;
  followed: Pick<FollowedJobs, "get">;
  /** Saves a job whose message moved, under this process's lease. */
  ownership: Pick<JobOwnership, "save">;
  logs: JobLogs;
}

/** Sends the views of followed jobs to Discord. */
export class JobSender {
  constructor(private readonly ctx: JobSenderContext) {}

  /**
   * Sends `view` of the followed job `jobId`: a final view as its result, else as its progress message; when
   * showing progress moved the message (e.g. to a channel message once the interaction token expired), the
   * job is saved with its new location.
   * @throws {DeliveryError} when Discord refuses, or the job is no longer followed.
   */
  async send(jobId: string, view: JobView, final: boolean): Promise<void> {
    const { options, clock } = this.ctx;
    const job = this.ctx.followed.get(jobId);
    if (!job) throw new DeliveryError("invalid", "the job is no longer followed");
    const log = this.ctx.logs.of(jobId);
    const message = await materialize(view, {
      download: (url) => options.servers.downloadImage(url, { maxBytes: options.imageDownloadMaxBytes }),
      log,
    });
    if (final) {
      const post = await deliverResult(
        { messenger: options.messenger, store: options.store, now: () => clock.now() },
        job,
        message,
        log,
        { quiet: view.quiet === true },
      );
      if (post.route !== null) options.events?.delivered?.(post.route, true);
      return;
    }
    const shown = await options.messenger.show(job.location, message, { log });
    if (shown.route !== null) options.events?.delivered?.(shown.route, false);
    if (JSON.stringify(shown.location) === JSON.stringify(job.location)) return;
    job.location = shown.location;
    await this.ctx.ownership.save(job);
  }

  /**
   * Shows what only the requester may see, at most once per job: the claim is recorded in the store before
   * sending, so delivering the job again after a restart (its `delivered` was not saved yet) does not repeat
   * it; only a crash between the claim and the send would lose it. A failure is logged here and does not
   * hold the job up.
   */
  async showPrivateNoteOnce(job: Job, payload: MessagePayload, log: Logger): Promise<void> {
    const { options } = this.ctx;
    try {
      if (!(await options.store.claimOnce(`private-note:${job.imageId}`))) {
        log.info("the refusal's detail was already shown to the requester");
        return;
      }
      const route = await options.messenger.showPrivately(
        job.location,
        { payload, files: [] },
        job.requesterId,
        log,
      );
      log.info({ route }, "showed the refusal's detail to the requester only");
    } catch (err) {
      log.warn({ err }, "could not show the refusal's detail to the requester");
    }
  }
}

/**
 * Counts each job Midjourney's moderator refused against its requester (`RefusalPauses`) and, when that
 * pauses them, tells them privately why and until when (an ephemeral follow-up while the interaction
 * lasts, else a DM) and records it in the audit channel.
 */
import { translator } from "../i18n/translate.js";
import type { Logger } from "../logger.js";
import type { RefusalPauses } from "../moderation/refusal-pauses.js";
import { classifyImageError } from "../render/image-errors.js";
import { NO_PINGS } from "../render/message-parts.js";
import { renderPaused, type PausePlace } from "../render/refusal.js";
import type { AuditLog } from "./audit-log.js";
import type { Job } from "../imagine/job.js";
import type { OutgoingMessage } from "../imagine/outgoing-message.js";

export interface RefusalWatchOptions {
  pauses: Pick<RefusalPauses, "refused">;
  audit: Pick<AuditLog, "pauseChanged">;
  messenger: {
    showPrivately(location: Job["location"], message: OutgoingMessage, requesterId: string): Promise<unknown>;
  };
  logger: Logger;
  /** A server's name, when the bot knows it: a pause told by DM names the server it applies in. */
  serverName?: (guildId: string) => string | null;
}

/** A function to call with every ended job; it never throws. */
export function watchRefusals(options: RefusalWatchOptions): (job: Job) => Promise<void> {
  // The message may reach the member by DM: a server's pause names the server.
  const placeOf = (guildId: string | null): PausePlace =>
    guildId === null ? { kind: "dm" } : { kind: "server", name: options.serverName?.(guildId) ?? null };
  return async (job) => {
    if (job.outcome !== "failed" || classifyImageError(job.error).kind !== "moderation") return;
    const log = options.logger.child({ jobId: job.imageId, userId: job.requesterId });
    try {
      const pause = await options.pauses.refused(job.requesterId, job.location.guildId);
      if (pause === null) return;
      log.warn(
        { refusals: pause.refusals, until: new Date(pause.until).toISOString() },
        "member paused after Midjourney's refusals, to protect the image service's account",
      );
      void options.audit.pauseChanged({ kind: "paused", ...pause });
      const t = translator(job.language);
      const message: OutgoingMessage = {
        payload: {
          content: renderPaused(t, pause.refusals, pause.until, placeOf(job.location.guildId)),
          embeds: [],
          components: [],
          allowedMentions: NO_PINGS,
        },
        files: [],
      };
      await options.messenger.showPrivately(job.location, message, job.requesterId);
    } catch (err) {
      log.warn({ err }, "counting Midjourney's refusal or telling the member of their pause failed");
    }
  };
}

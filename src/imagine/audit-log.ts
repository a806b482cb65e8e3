/**
 * The optional audit channel (AUDIT_CHANNEL_ID): every submission, refusal and outcome is posted there, so
 * moderators see what is generated in their server. Posting failures are logged, never shown to users.
 */
import type { APIEmbed } from "discord-api-types/v10";
import type { Logger } from "../logger.js";
import { EMBED_COLORS } from "../render/format.js";
import { truncate } from "../render/limits.js";
import { escapeMarkdown } from "../render/markdown.js";
import { NO_PINGS } from "../render/message-parts.js";
import { renderSettingsAudit, type SettingsAuditEntry } from "../render/settings.js";
import type { Job, JobOutcome } from "./job.js";
import type { OutgoingMessage } from "./outgoing-message.js";

export interface AuditEntry {
  kind: "submitted" | "refused" | JobOutcome;
  requesterId: string;
  guildId: string | null;
  prompt: string;
  jobId?: string | null;
  detail?: string | null;
}

const COLORS: Record<AuditEntry["kind"], number> = {
  submitted: EMBED_COLORS.submitting,
  refused: EMBED_COLORS.failed,
  completed: EMBED_COLORS.completed,
  failed: EMBED_COLORS.failed,
  "timed-out": EMBED_COLORS.timedOut,
  lost: EMBED_COLORS.failed,
  "message-deleted": EMBED_COLORS.waiting,
  cancelled: EMBED_COLORS.timedOut,
};

/** The audit message for one entry: requester, prompt, job id and outcome; pings nobody. */
export function renderAuditEntry(entry: AuditEntry): OutgoingMessage {
  const embed: APIEmbed = {
    title: `Image ${entry.kind}`,
    color: COLORS[entry.kind],
    description: truncate(escapeMarkdown(entry.prompt), 1500),
    fields: [
      { name: "Requested by", value: `<@${entry.requesterId}>`, inline: true },
      { name: "Where", value: entry.guildId ? "server" : "DM", inline: true },
      ...(entry.jobId ? [{ name: "Job", value: `\`${entry.jobId}\``, inline: true }] : []),
      ...(entry.detail ? [{ name: "Detail", value: truncate(entry.detail, 1000) }] : []),
    ],
  };
  return { payload: { content: "", embeds: [embed], components: [], allowedMentions: NO_PINGS }, files: [] };
}

export interface AuditLogOptions {
  channelId: string | undefined;
  post(channelId: string, message: OutgoingMessage): Promise<unknown>;
  logger: Logger;
}

/** Posts audit entries to the configured channel, if any. */
export class AuditLog {
  constructor(private readonly options: AuditLogOptions) {}

  get enabled(): boolean {
    return this.options.channelId !== undefined;
  }

  /** Posts one entry; never throws. */
  async record(entry: AuditEntry): Promise<void> {
    const channelId = this.options.channelId;
    if (channelId === undefined) return;
    try {
      await this.options.post(channelId, renderAuditEntry(entry));
    } catch (err) {
      this.options.logger.warn({ err, channelId, kind: entry.kind }, "posting to the audit channel failed");
    }
  }

  /** Posts a change of a server's settings (who, which command, each setting old → new); never throws. */
  async settingsChanged(entry: SettingsAuditEntry): Promise<void> {
    const channelId = this.options.channelId;
    if (channelId === undefined || entry.changes.length === 0) return;
    try {
      await this.options.post(channelId, { payload: renderSettingsAudit(entry), files: [] });
    } catch (err) {
      this.options.logger.warn({ err, channelId, kind: "settings" }, "posting to the audit channel failed");
    }
  }

  /** Posts the outcome of a finished job. */
  async jobEnded(job: Job): Promise<void> {
    if (job.outcome === null) return;
    await this.record({
      kind: job.outcome,
      requesterId: job.requesterId,
      guildId: job.location.guildId,
      prompt: job.prompt,
      jobId: job.imageId,
      detail:
        job.outcome === "cancelled" && job.cancelledBy ? `Cancelled by <@${job.cancelledBy}>` : job.error,
    });
  }
}

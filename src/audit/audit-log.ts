/**
 * The optional audit channel (AUDIT_CHANNEL_ID): every submission, refusal and outcome is posted there, so
 * moderators see what is generated in their server. Posting failures are logged, never shown to users.
 */
import type { APIEmbed } from "discord-api-types/v10";
import type { Logger } from "../logger.js";
import { absoluteTimestamp, EMBED_COLORS } from "../render/format.js";
import { truncate } from "../render/limits.js";
import { escapeMarkdown } from "../render/markdown.js";
import { NO_PINGS } from "../render/message-parts.js";
import { renderSettingsAudit, type SettingsAuditEntry } from "../render/settings.js";
import { shownJobId, type Job, type JobOutcome } from "../imagine/job.js";
import type { OutgoingMessage } from "../imagine/outgoing-message.js";
import type { AccountNoticeKind } from "../service/account-notices.js";

/** A server held after an account notice, as the audit channel tells it (the pool's `ServerHold`). */
export interface HeldServer {
  readonly server: string;
  readonly kind: AccountNoticeKind;
  readonly notice: string;
  readonly until: number | null;
}

export interface AuditEntry {
  /** `deleted`: a result message removed with its 🗑️ Delete button (`detail` says by whom). */
  kind: "submitted" | "refused" | "deleted" | JobOutcome;
  requesterId: string;
  guildId: string | null;
  prompt: string;
  jobId?: string | null;
  detail?: string | null;
}

/** A member paused after Midjourney's refusals, or their pause lifted by a moderator (`by`). */
export interface PauseAuditEntry {
  kind: "paused" | "lifted";
  userId: string;
  guildId: string | null;
  until: number;
  refusals: number;
  by?: string;
}

const COLORS: Record<AuditEntry["kind"], number> = {
  submitted: EMBED_COLORS.submitting,
  refused: EMBED_COLORS.failed,
  deleted: EMBED_COLORS.waiting,
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
  /** The owner's audit channel (AUDIT_CHANNEL_ID): every entry of a server without its own, and DMs. */
  channelId: string | undefined;
  /** A server's own audit channel (its settings), read at every entry; `undefined`: the owner's. */
  serverChannelId?(guildId: string): Promise<string | undefined>;
  post(channelId: string, message: OutgoingMessage): Promise<unknown>;
  logger: Logger;
}

/** Posts audit entries to the server's own audit channel if it set one, else the owner's, if any. */
export class AuditLog {
  constructor(private readonly options: AuditLogOptions) {}

  /** Whether the owner configured an audit channel (servers may set their own besides). */
  get enabled(): boolean {
    return this.options.channelId !== undefined;
  }

  /** Where an entry of `guildId` (`null`: DMs) is posted; `undefined`: nowhere. */
  private async channelFor(guildId: string | null): Promise<string | undefined> {
    if (guildId === null || !this.options.serverChannelId) return this.options.channelId;
    try {
      return (await this.options.serverChannelId(guildId)) ?? this.options.channelId;
    } catch (err) {
      this.options.logger.warn(
        { err, guildId },
        "reading the server's audit channel failed; using the owner's",
      );
      return this.options.channelId;
    }
  }

  /** Posts one entry; never throws. */
  async record(entry: AuditEntry): Promise<void> {
    await this.post(entry.guildId, renderAuditEntry(entry), entry.kind);
  }

  /**
   * Posts a change of a server's settings (who, which command, each setting old → new) to the server's
   * audit channel as it is after the change; never throws.
   */
  async settingsChanged(entry: SettingsAuditEntry): Promise<void> {
    if (entry.changes.length === 0) return;
    await this.post(entry.guildId, { payload: renderSettingsAudit(entry), files: [] }, "settings");
  }

  /**
   * An image server was held after a notice about its Midjourney account: posted once to the owner's audit
   * channel, with the notice; never throws.
   */
  async serverHeld(hold: HeldServer): Promise<void> {
    const embed: APIEmbed = {
      title: `Image server ${hold.server} held`,
      color: EMBED_COLORS.failed,
      description:
        `Midjourney sent its account a notice (${hold.kind}); it gets no new job ` +
        (hold.until === null
          ? "until a moderator resumes it with Resume in /imagine-status. Deal with the notice in Midjourney's Discord first."
          : `until ${absoluteTimestamp(hold.until) ?? "the block ends"}.`),
      fields: [{ name: "Midjourney said", value: truncate(hold.notice, 1000) }],
    };
    await this.post(
      null,
      { payload: { content: "", embeds: [embed], components: [], allowedMentions: NO_PINGS }, files: [] },
      "server-held",
    );
  }

  /** A moderator (`by`) resumed a held image server from server `guildId`; never throws. */
  async serverResumed(entry: {
    server: string;
    by: string;
    guildId: string;
    notice: string | null;
  }): Promise<void> {
    const embed: APIEmbed = {
      title: `Image server ${entry.server} resumed`,
      color: EMBED_COLORS.completed,
      description: `<@${entry.by}> resumed it: it takes jobs again.`,
      fields: entry.notice ? [{ name: "It was held for", value: truncate(entry.notice, 1000) }] : [],
    };
    const message = {
      payload: { content: "", embeds: [embed], components: [], allowedMentions: NO_PINGS },
      files: [],
    };
    await this.post(entry.guildId, message, "server-resumed");
    // The owner's channel hears of it too, where the hold was posted (once when it is the same channel).
    const here = await this.channelFor(entry.guildId);
    if (this.options.channelId !== undefined && here !== this.options.channelId)
      await this.post(null, message, "server-resumed");
  }

  /** Posts `message` where entries of `guildId` go; a failure is logged, never thrown. */
  private async post(guildId: string | null, message: OutgoingMessage, kind: string): Promise<void> {
    const channelId = await this.channelFor(guildId);
    if (channelId === undefined) return;
    try {
      await this.options.post(channelId, message);
    } catch (err) {
      this.options.logger.warn({ err, channelId, kind }, "posting to the audit channel failed");
    }
  }

  /**
   * Posts that a member was paused after Midjourney's refusals, or that a moderator (`by`) lifted the pause;
   * never throws.
   */
  async pauseChanged(entry: PauseAuditEntry): Promise<void> {
    const until = absoluteTimestamp(entry.until) ?? String(entry.until);
    const embed: APIEmbed = {
      title: entry.kind === "paused" ? "Member paused" : "Pause lifted",
      color: entry.kind === "paused" ? EMBED_COLORS.failed : EMBED_COLORS.completed,
      description:
        entry.kind === "paused"
          ? `<@${entry.userId}> is paused until ${until}: Midjourney refused ${entry.refusals} of their prompts within 24 hours.`
          : `<@${entry.by ?? ""}> lifted the pause of <@${entry.userId}> (it would have ended ${until}).`,
      fields: [{ name: "Where", value: entry.guildId ? "server" : "DM", inline: true }],
    };
    await this.post(
      entry.guildId,
      { payload: { content: "", embeds: [embed], components: [], allowedMentions: NO_PINGS }, files: [] },
      `pause-${entry.kind}`,
    );
  }

  /** Posts the outcome of a finished job. */
  async jobEnded(job: Job): Promise<void> {
    if (job.outcome === null) return;
    await this.record({
      kind: job.outcome,
      requesterId: job.requesterId,
      guildId: job.location.guildId,
      prompt: job.prompt.text,
      jobId: shownJobId(job),
      detail:
        job.outcome === "cancelled" && job.cancelledBy ? `Cancelled by <@${job.cancelledBy}>` : job.error,
    });
  }
}

/**
 * The `/quota` answer: what a member has used and has left today where they ask (images of the day, jobs at
 * once, cooldown), when the day's count starts again, and where each limit comes from. Pure.
 */
import { english } from "../i18n/translate.js";
import type { Quota } from "../imagine/admission-types.js";
import type { InForce } from "../settings/effective-settings.js";
import { absoluteTimestamp, formatDuration, relativeTimestamp } from "./format.js";
import { NO_PINGS } from "./message-parts.js";
import type { MessagePayload } from "./payload.js";

/** Who reads it, and where (`guildId` null in DMs). */
export interface QuotaReader {
  readonly guildId: string | null;
  readonly isModerator: boolean;
}

/** Where a value in force comes from, as the reader sees it. */
export function renderSource(inForce: InForce<unknown>): string {
  switch (inForce.source) {
    case "server":
      return "this server's setting";
    case "role":
      return inForce.roleId ? `your role <@&${inForce.roleId}>` : "your role";
    case "owner":
      return "the bot's default";
  }
}

function images(count: number): string {
  return count === 1 ? "1 image" : `${count} images`;
}

function dailyLine(quota: Quota, reader: QuotaReader): string {
  const limit = quota.settings.userDailyImages;
  const used = `You started ${images(quota.dailyUsed)} today`;
  if (limit.value === null) return `• ${used}; there is no daily limit.`;
  if (reader.isModerator)
    return `• ${used}; as a moderator the daily limit (${limit.value}) does not apply to you.`;
  const left = Math.max(0, limit.value - quota.dailyUsed);
  return `• ${used} of ${limit.value} a day (${renderSource(limit)}): **${left} left**.`;
}

function resetLine(quota: Quota): string {
  const relative = relativeTimestamp(quota.resetAt) ?? "";
  const absolute = absoluteTimestamp(quota.resetAt) ?? "";
  return `• The day's count starts again ${relative} (${absolute}, midnight UTC).`;
}

function activeLine(quota: Quota, reader: QuotaReader): string {
  const limit = quota.settings.userMaxActive;
  const running = `${images(quota.activeJobs)} being generated`;
  if (reader.isModerator) return `• You have ${running}; as a moderator you have no limit on jobs at once.`;
  return `• You have ${running}, of at most ${limit.value} at once (${renderSource(limit)}).`;
}

function cooldownLine(quota: Quota, reader: QuotaReader): string {
  const cooldown = quota.settings.userCooldownMs;
  if (reader.isModerator || cooldown.value === 0) return "• No wait between images.";
  const wait = `${formatDuration(english, cooldown.value)} between images (${renderSource(cooldown)})`;
  if (quota.cooldownEndsAt === null) return `• Wait ${wait}: you can start one now.`;
  const when = relativeTimestamp(Math.ceil(quota.cooldownEndsAt / 1000) * 1000) ?? "soon";
  return `• Wait ${wait}: you can start the next one ${when}.`;
}

/** The `/quota` message (sent ephemerally: it concerns only the reader). */
export function renderQuota(quota: Quota, reader: QuotaReader): MessagePayload {
  const where = reader.guildId === null ? "in DMs" : "in this server";
  const lines = [
    `**Your images ${where}**`,
    dailyLine(quota, reader),
    ...(quota.settings.userDailyImages.value === null ? [] : [resetLine(quota)]),
    activeLine(quota, reader),
    cooldownLine(quota, reader),
  ];
  return { content: lines.join("\n"), embeds: [], components: [], allowedMentions: NO_PINGS };
}

/**
 * The `/quota` answer: what a member has used and has left today where they ask (images of the day, jobs at
 * once, cooldown), when the day's count starts again, and where each limit comes from. Pure.
 */
import type { Translator } from "../../src/i18n/translate.js";
import type { Quota } from "../../src/admission/admission-types.js";
import type { InForce } from "../../src/settings/effective-settings.js";
import { absoluteTimestamp, formatDuration, relativeTimestamp } from "../../src/render/format.js";
import { NO_PINGS } from "../../src/render/message-parts.js";
import type { MessagePayload } from "../../src/render/payload.js";

/** Who reads it, and where (`guildId` null in DMs). */
export interface QuotaReader {
  readonly guildId: string | null;
  readonly isModerator: boolean;
}

/** Where a value in force comes from, as the reader sees it. */
export function renderSource(t: Translator, inForce: InForce<unknown>): string {
  switch (inForce.source) {
    case "server":
      return t("quota.source.server");
    case "role":
      return inForce.roleId
        ? t("quota.source.role", { role: `<@&${inForce.roleId}>` })
        : t("quota.source.anyRole");
    case "owner":
      return t("quota.source.owner");
  }
}

function dailyLine(t: Translator, quota: Quota, reader: QuotaReader): string {
  const limit = quota.settings.userDailyImages;
  const count = quota.dailyUsed;
  if (limit.value === null) return t("quota.dailyUnlimited", { count });
  if (reader.isModerator) return t("quota.dailyModerator", { count, limit: limit.value });
  const left = Math.max(0, limit.value - quota.dailyUsed);
  return t("quota.daily", { count, limit: limit.value, source: renderSource(t, limit), left });
}

function resetLine(t: Translator, quota: Quota): string {
  const relative = relativeTimestamp(quota.resetAt) ?? "";
  const absolute = absoluteTimestamp(quota.resetAt) ?? "";
  return t("quota.reset", { relative, absolute });
}

function activeLine(t: Translator, quota: Quota, reader: QuotaReader): string {
  const limit = quota.settings.userMaxActive;
  const count = quota.activeJobs;
  if (reader.isModerator) return t("quota.activeModerator", { count });
  return t("quota.active", { count, limit: limit.value, source: renderSource(t, limit) });
}

function cooldownLine(t: Translator, quota: Quota, reader: QuotaReader): string {
  const cooldown = quota.settings.userCooldownMs;
  if (reader.isModerator || cooldown.value === 0) return t("quota.noCooldown");
  const wait = formatDuration(t, cooldown.value);
  const source = renderSource(t, cooldown);
  if (quota.cooldownEndsAt === null) return t("quota.cooldownNow", { wait, source });
  const when = relativeTimestamp(Math.ceil(quota.cooldownEndsAt / 1000) * 1000) ?? t("quota.soon");
  return t("quota.cooldownNext", { wait, source, when });
}

/** The `/quota` message in `t`'s language (sent ephemerally: it concerns only the reader). */
export function renderQuota(t: Translator, quota: Quota, reader: QuotaReader): MessagePayload {
  const lines = [
    reader.guildId === null ? t("quota.titleDm") : t("quota.title"),
    dailyLine(t, quota, reader),
    ...(quota.settings.userDailyImages.value === null ? [] : [resetLine(t, quota)]),
    activeLine(t, quota, reader),
    cooldownLine(t, quota, reader),
  ];
  return { content: lines.join("\n"), embeds: [], components: [], allowedMentions: NO_PINGS };
}

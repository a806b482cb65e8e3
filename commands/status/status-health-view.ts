/**
 * The parts `/imagine-status` shows for the image service and for each server of the pool alike: how a
 * condition looks, how long ago a thing happened, the out-of-date line.
 */
import type { TextKey, Translator } from "../../src/i18n/translate.js";
import { EMBED_COLORS, relativeTimestamp } from "../../src/render/format.js";
import { oneLine } from "../../src/render/message-parts.js";

/** `<t:…:R>` or a dash for a time that is not valid. */
export function ageOf(epochMs: number | null): string {
  return (epochMs === null ? null : relativeTimestamp(epochMs)) ?? "—";
}

/** The keys naming the service's conditions. */
type ConditionKey = Extract<TextKey, `statusPage.condition.${string}`>;

export const HEALTH: Readonly<Record<string, { emoji: string; color: number; name: ConditionKey }>> = {
  healthy: { emoji: "🟢", color: EMBED_COLORS.completed, name: "statusPage.condition.healthy" },
  degraded: { emoji: "🟠", color: EMBED_COLORS.waiting, name: "statusPage.condition.degraded" },
  unreachable: { emoji: "🔴", color: EMBED_COLORS.failed, name: "statusPage.condition.unreachable" },
  unhealthy: { emoji: "🔴", color: EMBED_COLORS.failed, name: "statusPage.condition.unhealthy" },
  starting: { emoji: "🟡", color: EMBED_COLORS.waiting, name: "statusPage.condition.starting" },
  paused: { emoji: "⏸️", color: EMBED_COLORS.timedOut, name: "statusPage.condition.paused" },
  unknown: { emoji: "⚪", color: EMBED_COLORS.timedOut, name: "statusPage.condition.unknown" },
};

/** The line naming a server out of date (`ServerWatch`): why, and since when. */
export function outOfDateLine(
  t: Translator,
  outOfDate: { since: number; errors: readonly string[] },
): string {
  const { since, errors } = outOfDate;
  const named = [...new Set(errors)].map((error) => `\`${oneLine(error, 60)}\``).join(", ");
  return `⚠️ ${t("accountSafety.outOfDate.status", { count: errors.length, errors: named, since: ageOf(since) })}`;
}

/**
 * The text a user reads when a new image is refused before anything reaches the service: usage limits,
 * banned words, an unhealthy service. Pure: the checks return a code and the values the text needs.
 */
import type { Translator } from "../i18n/translate.js";
import type { AdmissionRefusal } from "../admission/admission-refusal.js";
import type { DailyRefusal, PlaceRefusal } from "../moderation/server-rules.js";
import type { UsageRefusal } from "../moderation/usage-limits.js";
import { absoluteTimestamp, formatDuration, relativeTimestamp } from "./format.js";
import { inlineCode } from "./markdown.js";

/** The longest part of the service's own health message quoted to the user. */
const MAX_SERVICE_DETAIL = 200;

/** A usage-limit refusal as one sentence or two: which limit was hit and when to try again. */
export function renderUsageRefusal(t: Translator, refusal: UsageRefusal): string {
  switch (refusal.code) {
    case "user-active":
      return t("refusal.userActive", { count: refusal.active, limit: refusal.limit });
    case "cooldown": {
      // Rounded up so the live countdown never reaches "now" before the cooldown has really ended.
      const when =
        relativeTimestamp(Math.ceil(refusal.retryAt / 1000) * 1000) ??
        t("refusal.cooldownIn", { duration: formatDuration(t, refusal.remainingMs) });
      return t("refusal.cooldown", { cooldown: formatDuration(t, refusal.cooldownMs), when });
    }
    case "guild-active":
      return t("refusal.guildActive", { count: refusal.active, limit: refusal.limit });
  }
}

/** Where a server allows images, when the channel used is not one of them. */
export function renderPlaceRefusal(t: Translator, refusal: PlaceRefusal): string {
  switch (refusal.code) {
    case "channel-not-allowed": {
      const channels = refusal.allowedChannelIds.map((id) => `<#${id}>`).join(", ");
      return t("refusal.channelNotAllowed", { channels });
    }
    case "age-restricted-only":
      return t(refusal.byOwner ? "refusal.ageRestrictedOnlyOwner" : "refusal.ageRestrictedOnly");
  }
}

/** A member who reached their daily images, and when they may start more. */
export function renderDailyRefusal(t: Translator, refusal: DailyRefusal): string {
  const when = relativeTimestamp(refusal.resetAt) ?? t("refusal.dailyAtMidnight");
  return t("refusal.daily", { count: refusal.used, limit: refusal.limit, when });
}

/** An Enhance button (`name`, e.g. "Enhance 2×" in the reader's language) used in a server that turned Enhance off. */
export function renderEnhanceOff(t: Translator, name: string): string {
  return t("enhance.offServer", { name });
}

/**
 * Where a pause applies, as the member reads it: `here` (answering in the server where it applies), in
 * DMs (nobody can lift it; it ends by itself), or in a server named by `name` (told privately, maybe by DM;
 * `null` when the bot does not know its name).
 */
export type PausePlace =
  | { readonly kind: "here" }
  | { readonly kind: "dm" }
  | { readonly kind: "server"; readonly name: string | null };

/** A member paused after Midjourney's refusals: where, why, until when, and who can lift it. */
export function renderPaused(t: Translator, refusals: number, until: number, place: PausePlace): string {
  const when = relativeTimestamp(until) ?? new Date(until).toISOString();
  const values = { count: refusals, until: absoluteTimestamp(until) ?? when, when };
  switch (place.kind) {
    case "here":
      return t("accountSafety.paused", values);
    case "dm":
      return t("accountSafety.pausedDm", values);
    case "server": {
      const server = place.name === null ? t("accountSafety.pausedThatServer") : `**${place.name}**`;
      return t("accountSafety.pausedIn", { ...values, server });
    }
  }
}

/**
 * Any admission refusal, for the requester only (an ephemeral reply, or the answer to their DM). A prompt
 * with a banned word is refused naming the word and whose list has it (the requester alone reads it).
 */
export function renderAdmissionRefusal(t: Translator, refusal: AdmissionRefusal): string {
  switch (refusal.code) {
    case "banned-words": {
      // Which word, and whose list: the owner's (in a DM, simply the bot's), the server's, or Midjourney's.
      const word = inlineCode(refusal.matched);
      if (refusal.list === "midjourney") return t("accountSafety.bannedMidjourney", { word });
      if (refusal.list === "server") return t("refusal.bannedWords", { word });
      return refusal.inDm
        ? t("accountSafety.bannedWordsDm", { word })
        : t("refusal.bannedWordsOwner", { word });
    }
    case "channel-not-allowed":
    case "age-restricted-only":
      return renderPlaceRefusal(t, refusal);
    case "daily":
      return renderDailyRefusal(t, refusal);
    case "paused":
      return renderPaused(t, refusal.refusals, refusal.until, { kind: refusal.inDm ? "dm" : "here" });
    case "speed-unavailable": {
      const speeds = refusal.available.map((speed) => `\`--${speed}\``).join(", ");
      const parameter = `\`--${refusal.speed}\``;
      if (refusal.why === "server") return t("accountSafety.speedServer", { parameter, speeds });
      if (refusal.available.length === 0) return t("accountSafety.speedNone", { parameter });
      return t("accountSafety.speedRole", { parameter, speeds });
    }
    case "service-unhealthy":
      return refusal.detail
        ? t("refusal.serviceUnhealthyWhy", {
            status: refusal.status,
            detail: refusal.detail.slice(0, MAX_SERVICE_DETAIL),
          })
        : t("refusal.serviceUnhealthy", { status: refusal.status });
    default:
      return renderUsageRefusal(t, refusal);
  }
}

/**
 * The text a user reads when a new image is refused before anything reaches the service: usage limits,
 * banned words, an unhealthy service. Pure: the checks return a code and the values the text needs.
 */
import type { AdmissionRefusal } from "../imagine/admission.js";
import type { DailyRefusal, PlaceRefusal } from "../moderation/server-rules.js";
import type { UsageRefusal } from "../moderation/usage-limits.js";
import { formatDuration, relativeTimestamp } from "./format.js";

/** What the user is told when a prompt has a banned word; it never repeats the words. */
export const BANNED_WORDS_MESSAGE =
  "Your prompt was refused: it contains words this server does not allow. Please rephrase it.";

/** The longest part of the service's own health message quoted to the user. */
const MAX_SERVICE_DETAIL = 200;

function images(count: number): string {
  return count === 1 ? "1 image" : `${count} images`;
}

/** A usage-limit refusal as one sentence or two: which limit was hit and when to try again. */
export function renderUsageRefusal(refusal: UsageRefusal): string {
  switch (refusal.code) {
    case "user-active":
      return (
        `You already have ${images(refusal.active)} being generated, the most you can run at once ` +
        `(${refusal.limit}). You can start another one when one of them finishes.`
      );
    case "cooldown": {
      // Rounded up so the live countdown never reaches "now" before the cooldown has really ended.
      const when =
        relativeTimestamp(Math.ceil(refusal.retryAt / 1000) * 1000) ??
        `in ${formatDuration(refusal.remainingMs)}`;
      return (
        `Please wait ${formatDuration(refusal.cooldownMs)} between images. ` +
        `You can start another image ${when}.`
      );
    }
    case "guild-active":
      return (
        `This server already has ${images(refusal.active)} being generated, the most it can run at once ` +
        `(${refusal.limit}). Please try again when one of them finishes.`
      );
  }
}

/** Where a server allows images, when the channel used is not one of them. */
export function renderPlaceRefusal(refusal: PlaceRefusal): string {
  switch (refusal.code) {
    case "channel-not-allowed": {
      const channels = refusal.allowedChannelIds.map((id) => `<#${id}>`).join(", ");
      return `Images can't be made in this channel. In this server, use \`/imagine\` in ${channels}.`;
    }
    case "age-restricted-only":
      return (
        "This server allows images only in age-restricted channels. " +
        "Please use `/imagine` in an age-restricted channel."
      );
  }
}

/** A member who reached their daily images, and when they may start more. */
export function renderDailyRefusal(refusal: DailyRefusal): string {
  const when = relativeTimestamp(refusal.resetAt) ?? "at midnight UTC";
  return (
    `You have started ${images(refusal.used)} today, your daily limit here (${refusal.limit}). ` +
    `You can start more ${when}.`
  );
}

/** An Enhance button (`shown`, e.g. "Enhance 2x") used in a server that turned Enhance off. */
export function renderEnhanceOff(shown: string): string {
  return `${shown} is turned off in this server.`;
}

/** Any admission refusal, for the requester only (an ephemeral reply, or the answer to their DM). */
export function renderAdmissionRefusal(refusal: AdmissionRefusal): string {
  switch (refusal.code) {
    case "banned-words":
      return BANNED_WORDS_MESSAGE;
    case "channel-not-allowed":
    case "age-restricted-only":
      return renderPlaceRefusal(refusal);
    case "daily":
      return renderDailyRefusal(refusal);
    case "service-unhealthy": {
      const why = refusal.detail ? ` (${refusal.detail.slice(0, MAX_SERVICE_DETAIL)})` : "";
      return (
        `The image service reports that it is **${refusal.status}**${why}, so a new image would only wait ` +
        "in the queue. Please try again later."
      );
    }
    default:
      return renderUsageRefusal(refusal);
  }
}

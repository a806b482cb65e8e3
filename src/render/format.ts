/** Small formatting pieces shared by the renderers: colours, status labels, progress bar, times. */
import type { Translator } from "../i18n/translate.js";
import { escapeMarkdown } from "./markdown.js";
import { truncate } from "./limits.js";

/** Embed colour of each state; the same state always has the same colour. */
export const EMBED_COLORS = {
  /** Discord blurple: the command was received. */
  submitting: 0x5865f2,
  /** Yellow: waiting in the generator's queue. */
  waiting: 0xfee75c,
  /** Blue: the image is being generated. */
  generating: 0x3498db,
  /** Green: the image is ready. */
  completed: 0x57f287,
  /** Red: the job failed or could not be started. */
  failed: 0xed4245,
  /** Orange: the bot stopped waiting. */
  timedOut: 0xe67e22,
} as const;

/** How a record status is shown while the job runs. */
export interface StatusView {
  /** Short label with an emoji, e.g. `🖌️ Generating`. */
  readonly label: string;
  readonly color: number;
}

/**
 * The label and colour of a status. Statuses other than the four documented ones (e.g. `queued`) are
 * shown as waiting, with the service's word.
 */
export function statusView(t: Translator, status: string): StatusView {
  switch (status) {
    case "pending":
      // One title for a job that has not started, in the bot's line or in the generator's queue.
      return { label: t("poolWait.title"), color: EMBED_COLORS.waiting };
    case "in-progress":
      return { label: t("status.in-progress"), color: EMBED_COLORS.generating };
    case "completed":
      return { label: t("status.completed"), color: EMBED_COLORS.completed };
    case "failed":
      return { label: t("status.failed"), color: EMBED_COLORS.failed };
    default:
      return {
        label: t("status.other", { status: escapeMarkdown(truncate(status, 40)) }),
        color: EMBED_COLORS.waiting,
      };
  }
}

const FILLED = "▰";
const EMPTY = "▱";

/**
 * A text progress bar with the percentage, e.g. `▰▰▰▰▱▱▱▱▱▱ 40%`. `null` (not started) shows an empty bar
 * at 0%; values are clamped to 0-100 and a segment fills only once it is complete.
 */
export function progressBar(progress: number | null, segments = 10): string {
  const percent = progress === null || !Number.isFinite(progress) ? 0 : Math.max(0, Math.min(100, progress));
  const filled = Math.floor((percent / 100) * segments);
  return `${FILLED.repeat(filled)}${EMPTY.repeat(segments - filled)} ${Math.floor(percent)}%`;
}

/**
 * Discord's relative timestamp `<t:UNIX:R>` ("2 minutes ago") for a time in ms since the epoch, or `null`
 * for an invalid time. The Discord client keeps the text current by itself, so a progress message needs
 * no edit just to update the elapsed time.
 * @see https://discord.com/developers/docs/reference#message-formatting-timestamp-styles
 */
export function relativeTimestamp(epochMs: number): string | null {
  return Number.isFinite(epochMs) && epochMs >= 0 ? `<t:${Math.floor(epochMs / 1000)}:R>` : null;
}

/**
 * Discord's absolute timestamp `<t:UNIX:f>` ("23 November 2026 09:56", in the reader's time zone and
 * language) for a time in ms since the epoch, or `null` for an invalid time.
 * @see https://discord.com/developers/docs/reference#message-formatting-timestamp-styles
 */
export function absoluteTimestamp(epochMs: number): string | null {
  return Number.isFinite(epochMs) && epochMs >= 0 ? `<t:${Math.floor(epochMs / 1000)}:f>` : null;
}

/** A duration in its two largest units, the smaller left out when 0: hours and minutes, or minutes and seconds. */
function twoUnits(ms: number): { large: "hours" | "minutes" | null; n: number; small: number } {
  const totalSeconds = Number.isFinite(ms) ? Math.max(0, Math.round(ms / 1000)) : 0;
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  if (hours > 0) return { large: "hours", n: hours, small: minutes };
  if (minutes > 0) return { large: "minutes", n: minutes, small: totalSeconds % 60 };
  return { large: null, n: 0, small: totalSeconds };
}

/** How long something took, short, at most two units: `42 s`, `3 min 5 s`, `1 h 2 min`. */
export function formatElapsed(t: Translator, ms: number): string {
  const { large, n, small } = twoUnits(ms);
  if (large === null) return t("elapsed.seconds", { n: small });
  const first = t(large === "hours" ? "elapsed.hours" : "elapsed.minutes", { n });
  if (small === 0) return first;
  return `${first} ${t(large === "hours" ? "elapsed.minutes" : "elapsed.seconds", { n: small })}`;
}

/** A duration for people, at most two units: `20 minutes`, `1 minute 30 seconds`, `2 hours 5 minutes`. */
export function formatDuration(t: Translator, ms: number): string {
  const { large, n, small } = twoUnits(ms);
  if (large === null) return t("duration.seconds", { count: small });
  const first = t(large === "hours" ? "duration.hours" : "duration.minutes", { count: n });
  if (small === 0) return first;
  return `${first} ${t(large === "hours" ? "duration.minutes" : "duration.seconds", { count: small })}`;
}

/**
 * Items joined as the reader's language lists them: `a, b and c` (conjunction) or `a, b or c`
 * (disjunction), e.g. `**Enhance 2×** or **Enhance 4×**`.
 */
export function listOf(t: Translator, items: readonly string[], type: "conjunction" | "disjunction"): string {
  return new Intl.ListFormat(t.language, { style: "long", type }).format(items);
}

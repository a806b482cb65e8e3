/** The message of a job waiting in the bot's line for an image server: nothing reached a generator yet. */
import type { APIEmbed } from "discord-api-types/v10";
import type { Translator } from "../../i18n/translate.js";
import type { Speed } from "../../prompt/speed.js";
import type { RemakeReason } from "../job.js";
import { absoluteTimestamp, EMBED_COLORS, relativeTimestamp } from "../../render/format.js";
import { fitMessageLimits } from "../../render/limits.js";
import {
  cancelButton,
  enhanceLine,
  interactionOnlyNote,
  jobFooter,
  NO_PINGS,
  PROMPT_PREVIEW_LENGTH,
  promptBlock,
  requestFields,
  type RenderContext,
} from "../../render/message-parts.js";
import type { MessagePayload } from "../../render/payload.js";

/**
 * What a waiting job waits for: a free slot while every server is busy (`busy`, or `busy-others-out` while
 * the servers that work are busy and the others take none), a server to be back while none takes jobs
 * (`down`: none answers; `failing`: all answer with a problem; `down-or-failing`: some of each), a server that runs the speed its prompt asks for while others are free
 * (`speed`), or the one server holding its grid (`grid-server`, an Enhance) while others are free.
 */
export type WaitReason =
  | { readonly kind: "busy" }
  /** Every server that takes jobs is busy, and the others take none (down, or reporting a problem). */
  | { readonly kind: "busy-others-out" }
  /** No server answers. */
  | { readonly kind: "down" }
  /** Every server answers but reports a problem (not healthy) or fails its creates. */
  | { readonly kind: "failing" }
  /** No server takes jobs: some do not answer, the others report a problem. */
  | { readonly kind: "down-or-failing" }
  | { readonly kind: "speed"; readonly speed: Speed }
  | { readonly kind: "grid-server" }
  /** Its first server could not run it (an account notice, a problem, or it lost the record): made again. */
  | { readonly kind: "again"; readonly why: RemakeReason }
  /** No server takes jobs: their accounts rest or made today's share; one opens again at `until`. */
  | { readonly kind: "paced"; readonly until: number };

/** `<t:…:t> (<t:…:R>)`: a time of day and how far off, in the reader's own clock and language. */
function timeAndIn(at: number): string {
  return `${absoluteTimestamp(at) ?? "—"} (${relativeTimestamp(at) ?? "—"})`;
}

/** The one sentence saying the job's place in line and why it waits. */
function waitSentence(t: Translator, place: number, reason: WaitReason): string {
  switch (reason.kind) {
    case "busy":
      return t("pool.placeInLine", { place });
    case "busy-others-out":
      return t("pool.placeInLineOthersOut", { place });
    case "down":
      return t("poolDown.placeInLine", { place });
    case "failing":
      return t("poolDown.failingPlaceInLine", { place });
    case "down-or-failing":
      return t("poolDown.mixedPlaceInLine", { place });
    case "speed":
      return t("poolSpeed.placeInLine", { place, speed: reason.speed });
    case "grid-server":
      return t("poolWait.gridServer", { place });
    case "again":
      return t(reason.why === "lost" ? "accountHealth.waitAgainLost" : "accountHealth.waitAgain", { place });
    case "paced":
      return t("accountHealth.waitPaced", { place, until: timeAndIn(reason.until) });
  }
}

/**
 * A job waiting in the bot's line: "⏳ Waiting in line", one sentence with its place (1: next) and why it
 * waits, the prompt, the request's fields, ✖ Cancel, and the footer "Job <shown id>". No progress bar: nothing
 * reached a generator. Nothing in it depends on the time, so it changes only when the place or reason does.
 */
export function renderWaiting(
  t: Translator,
  ctx: RenderContext,
  place: number,
  reason: WaitReason,
): MessagePayload {
  const embed: APIEmbed = {
    title: t("poolWait.title"),
    description: `${enhanceLine(t, ctx)}${waitSentence(t, place, reason)}\n\n${promptBlock(t, ctx.prompt.text, PROMPT_PREVIEW_LENGTH)}${interactionOnlyNote(t, ctx)}`,
    color: EMBED_COLORS.waiting,
    fields: requestFields(t, ctx, "requested"),
  };
  const footer = jobFooter(t, ctx.shownId ?? ctx.jobId);
  const cancel = cancelButton(t, ctx.jobId, ctx.requesterId);
  return fitMessageLimits({
    content: "",
    embeds: [footer === undefined ? embed : { ...embed, footer }],
    components: cancel ? [{ type: 1, components: [cancel] }] : [],
    allowedMentions: NO_PINGS,
  });
}

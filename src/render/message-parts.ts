/** Pieces shared by the renderers: the render context, mentions, the prompt block, footers and buttons. */
import type { APIButtonComponent, APIEmbedField, APIEmbedFooter } from "discord-api-types/v10";
import { cancelButtonCodec } from "../custom-ids/cancel-button-id.js";
import { gridButtonCodec, type GridButton } from "../custom-ids/grid-button-id.js";
import { isButtonJobId, isSnowflake } from "../custom-ids/id-parts.js";
import { english, type Translator } from "../i18n/translate.js";
import { absoluteTimestamp, formatElapsed, relativeTimestamp } from "./format.js";
import { truncate } from "./limits.js";
import { escapeMarkdown } from "./markdown.js";
import type { AllowedMentions } from "./payload.js";
import type { Prompt } from "../prompt/prompt.js";

/** What the renderers know besides the service's record. */
export interface RenderContext {
  /** Discord id of the user who asked for this message (ran the command or clicked the button). */
  readonly requesterId: string;
  /** The prompt as sent to the service (its text shown, its aspect ratio read by the finished grid). */
  readonly prompt: Prompt;
  /** The job id carried by the buttons (and shown, unless `shownId`); `null` before the record exists. */
  readonly jobId: string | null;
  /** The id shown instead of `jobId` (a job waiting in the bot's line shows its request id). */
  readonly shownId?: string;
  /** When the command was run, in ms since the epoch. */
  readonly startedAt: number;
  /** When the job ended (ms since the epoch); set for final messages, which then say how long it took. */
  readonly finishedAt?: number | null;
  /**
   * The image to show, chosen by the delivery layer: an https URL Discord can fetch, or `attachment://NAME`
   * of a file sent with the payload. `null` or absent: no image. Renderers never use the record's URLs
   * directly, as they may not be reachable by Discord.
   */
  readonly imageUrl?: string | null;
  /** A Remix or More like this: the job (and message) it was made from, shown with a link. */
  readonly origin?: { readonly kind: "remix" | "more"; readonly jobId: string; readonly link: string | null };
  /** The name of the server's style the prompt was given with (its text is in `prompt`); absent: none. */
  readonly style?: string | undefined;
  /** An Enhance job: the image it enlarges (`U2`) and by how much (`2×`), which its running messages say. */
  readonly enhance?: { readonly name: string; readonly factor: string };
  /**
   * The job can be answered only through its interaction (a server the bot is not in, a group DM), whose
   * token lasts 15 minutes: its running messages say up front that a later result comes by DM.
   */
  readonly interactionOnly?: boolean;
}

/** The line a running Enhance's message starts with ("🔍 Enhance 2× of image U2"), else nothing. */
export function enhanceLine(t: Translator, ctx: RenderContext): string {
  return ctx.enhance ? `${t("enhance.running", ctx.enhance)}\n` : "";
}

/** The line a running job's message ends with where it is answered through its interaction only. */
export function interactionOnlyNote(t: Translator, ctx: RenderContext): string {
  return ctx.interactionOnly ? `\n\n${t("progress.resultByDmLater")}` : "";
}

/** `<@id>` for a Discord user id (a snowflake), `""` for anything else so no text can be injected. */
export function userMention(userId: string): string {
  return /^\d{1,25}$/.test(userId) ? `<@${userId}>` : "";
}

/** Allowed mentions that notify nobody. */
export const NO_PINGS: AllowedMentions = { parse: [], users: [], repliedUser: false };

/** Allowed mentions that notify only the requester (when the message is newly sent; edits notify nobody). */
export function pingOnly(userId: string): AllowedMentions {
  return { parse: [], users: userMention(userId) === "" ? [] : [userId], repliedUser: false };
}

/** Longest prompt shown while a job waits or runs; the full prompt is shown with the result. */
export const PROMPT_PREVIEW_LENGTH = 1000;

/** An image prompt's address at the start of a prompt: one Discord can show as a masked link. */
const LEADING_IMAGE_URL = /^https?:\/\/[^\s()[\]<>]+(?=\s|$)/;

/**
 * `prompt` as a person reads it: its image prompts (the URLs before its words, as 🔁 More like this and an
 * attached image make) as short "🖼️ image" links rather than long addresses, then its text escaped.
 * @see https://discord.com/developers/docs/reference#message-formatting (masked links render in embeds)
 */
function readablePrompt(t: Translator, prompt: string): string {
  const links: string[] = [];
  let rest = prompt.trim();
  for (let url = LEADING_IMAGE_URL.exec(rest); url; url = LEADING_IMAGE_URL.exec(rest)) {
    links.push(`[${t("prompt.image")}](${url[0]})`);
    rest = rest.slice(url[0].length).trimStart();
  }
  return [...links, escapeMarkdown(rest)].filter((part) => part !== "").join(" ");
}

/**
 * The prompt as a markdown block of at most `max` characters: image prompts as short links, the words escaped,
 * other URLs left clickable. The exact text sent is 📋 Prompt's.
 */
export function promptBlock(t: Translator, prompt: string, max: number): string {
  const shown = prompt.trim() === "" ? t("prompt.empty") : readablePrompt(t, prompt);
  return `${t("prompt.heading")}\n${truncate(shown, max)}`;
}

/** Footer naming the job, or `undefined` when there is no job yet. */
export function jobFooter(t: Translator, jobId: string | null): APIEmbedFooter | undefined {
  return jobId === null || jobId === "" ? undefined : { text: t("job.footer", { id: jobId }) };
}

/**
 * A finished job's "Requested" (absolute time: a relative one would read "3 days ago" later on) and
 * "Finished" ("in 42 s") fields; none before the job ended.
 */
export function timingFields(t: Translator, ctx: RenderContext): APIEmbedField[] {
  const requested = absoluteTimestamp(ctx.startedAt);
  if (ctx.finishedAt === undefined || ctx.finishedAt === null || requested === null) return [];
  const elapsed = formatElapsed(t, ctx.finishedAt - ctx.startedAt);
  return [
    { name: t("field.requested"), value: requested, inline: true },
    { name: t("field.finished"), value: t("field.finishedIn", { elapsed }), inline: true },
  ];
}

/** "Remix of" / "More like" and the jump link of the message it was made from (else its job id). */
function originField(t: Translator, origin: NonNullable<RenderContext["origin"]>): APIEmbedField {
  return {
    name: t(origin.kind === "remix" ? "origin.remix" : "origin.more"),
    // A bare jump link: Discord's client shows it as a chip that leads to the message.
    value: origin.link ?? t("origin.job", { id: origin.jobId }),
    inline: true,
  };
}

/**
 * The "Requested by" field, then "Started" while the job runs ("Requested" while it waits in the bot's line,
 * "Sent" while the generator has not started it: `before`) or {@link timingFields} once it ended.
 */
export function requestFields(
  t: Translator,
  ctx: RenderContext,
  before: "started" | "requested" | "sent" = "started",
): APIEmbedField[] {
  const fields: APIEmbedField[] = [];
  const mention = userMention(ctx.requesterId);
  if (mention !== "") fields.push({ name: t("field.requestedBy"), value: mention, inline: true });
  if (ctx.origin) fields.push(originField(t, ctx.origin));
  if (ctx.style)
    fields.push({ name: t("field.style"), value: truncate(escapeMarkdown(ctx.style), 100), inline: true });
  const timing = timingFields(t, ctx);
  if (timing.length > 0) return [...fields, ...timing];
  const started = relativeTimestamp(ctx.startedAt);
  // A job still waiting in the bot's line has not started: it says when it was requested.
  if (started !== null)
    fields.push({
      name: t(`field.${before}`),
      value: started,
      inline: true,
    });
  return fields;
}

/**
 * A grey button for `action`, or `null` when the job id or the requester cannot be carried by a button id
 * (a button that could not be read back would be a dead button).
 */
export function actionButton(
  action: GridButton,
  look: { label?: string; emoji?: string; disabled?: boolean },
): APIButtonComponent | null {
  if (!isButtonJobId(action.jobId)) return null;
  if (action.requesterId !== null && !isSnowflake(action.requesterId)) return null;
  return {
    type: 2,
    style: 2,
    custom_id: gridButtonCodec.encode(action),
    ...(look.label === undefined ? {} : { label: look.label }),
    ...(look.emoji === undefined ? {} : { emoji: { name: look.emoji } }),
    ...(look.disabled ? { disabled: true } : {}),
  };
}

/** The 🔄 button that runs the job's prompt again, or `null` without a usable job id or requester. */
export function rerollButton(
  jobId: string | null,
  requesterId: string,
  label?: string,
): APIButtonComponent | null {
  if (jobId === null) return null;
  return actionButton(
    { action: "reroll", jobId, requesterId },
    label === undefined ? { emoji: "🔄" } : { emoji: "🔄", label },
  );
}

/**
 * The ✖ Cancel button of a job's waiting and progress messages (for the requester and moderators), or
 * `null` without a job id and requester a button id can carry.
 */
export function cancelButton(
  t: Translator,
  jobId: string | null,
  requesterId: string,
): APIButtonComponent | null {
  if (jobId === null || !isButtonJobId(jobId) || !isSnowflake(requesterId)) return null;
  return {
    type: 2,
    style: 2,
    custom_id: cancelButtonCodec.encode({ jobId, requesterId }),
    label: t("button.cancel"),
    emoji: { name: "✖️" },
  };
}

/** User or service text on one line, escaped and cut to `max` characters. */
export function oneLine(text: string, max: number): string {
  return truncate(escapeMarkdown(text.replace(/\s+/g, " ").trim()), max);
}

/** A prompt on one line with its links shortened to 🔗 (image prompts start with long URLs). */
export function promptExcerpt(prompt: string, max: number, t: Translator = english): string {
  const line = oneLine(prompt.replace(/https?:\/\/\S+/g, "🔗"), max);
  return line === "" ? t("prompt.empty") : line;
}

/**
 * Messages with a finished image: the 2x2 grid with its buttons, a single image (with its Enhance buttons when
 * enabled), and an enhanced (upscaled) image.
 */
import type {
  APIActionRowComponent,
  APIButtonComponent,
  APIEmbed,
  APIEmbedField,
} from "discord-api-types/v10";
import type { Translator } from "../i18n/translate.js";
import { aspectRatioOf } from "../prompt/prompt.js";
import type { ImageRecord, UpscaleFactor } from "../service/schema.js";
import { GRID_SIZE } from "../custom-ids/grid-button-id.js";
import { enhanceIdCodec } from "../custom-ids/enhance-id.js";
import { EMBED_COLORS } from "./format.js";
import { fitMessageLimits } from "./limits.js";
import {
  actionButton,
  jobFooter,
  NO_PINGS,
  pingOnly,
  promptBlock,
  requestFields,
  rerollButton,
  userMention,
  type RenderContext,
} from "./message-parts.js";
import type { MessagePayload } from "./payload.js";
import { resultToolsRow } from "./result-tools.js";

/** Longest prompt shown with the result (the description holds 4096). */
const PROMPT_LENGTH = 3000;
/** Shorter for a single image: the grid above already shows the whole prompt. */
const UPSCALE_PROMPT_LENGTH = 500;

/**
 * The URL of image U(index+1) of a completed record: `upscaled_urls[index]` (U1-U4 are top-left,
 * top-right, bottom-left, bottom-right; `upscaled` holds file ids in another order and is not used).
 * `null` when the service did not provide it or `index` is not 0-3.
 */
export function upscaleSourceUrl(record: ImageRecord, index: number): string | null {
  if (!Number.isInteger(index) || index < 0 || index >= GRID_SIZE) return null;
  const url = record.upscaled_urls?.[index];
  return url === undefined || url.trim() === "" ? null : url;
}

function gridButtons(
  record: ImageRecord,
  jobId: string,
  requesterId: string,
): APIActionRowComponent<APIButtonComponent>[] {
  const buttons: APIButtonComponent[] = [];
  for (let index = 0; index < GRID_SIZE; index += 1) {
    const button = actionButton(
      { action: "upscale", jobId, index, requesterId },
      { label: `U${index + 1}`, disabled: upscaleSourceUrl(record, index) === null },
    );
    if (button) buttons.push(button);
  }
  const reroll = rerollButton(jobId, requesterId);
  if (reroll) buttons.push(reroll);
  return buttons.length === 0 ? [] : [{ type: 1, components: buttons }];
}

/**
 * The finished grid: the image (`ctx.imageUrl`), the full prompt, who asked, the job id in the footer,
 * and buttons U1-U4 (disabled for images the service did not return) and 🔄. The content mentions the
 * requester, who is pinged once when this payload is sent as a new message (an edit pings nobody);
 * nobody else can be pinged.
 */
export function renderCompleted(t: Translator, record: ImageRecord, ctx: RenderContext): MessagePayload {
  const jobId = ctx.jobId ?? record.id;
  const fields: APIEmbedField[] = requestFields(t, ctx);
  const ratio = aspectRatioOf(ctx.prompt);
  if (ratio)
    fields.push({ name: t("field.aspectRatio"), value: `${ratio.width}:${ratio.height}`, inline: true });
  const note = ctx.imageUrl ? t("result.note") : t("result.noteNoImage");
  const embed: APIEmbed = {
    title: t("result.title"),
    description: `${promptBlock(t, ctx.prompt.text, PROMPT_LENGTH)}\n\n${note}`,
    color: EMBED_COLORS.completed,
    fields,
  };
  if (ctx.imageUrl) embed.image = { url: ctx.imageUrl };
  // The id its running message showed (a job that waited shows its request id to the end).
  const footer = jobFooter(t, ctx.shownId ?? jobId);
  if (footer) embed.footer = footer;
  const mention = userMention(ctx.requesterId);
  return fitMessageLimits({
    content: mention === "" ? "" : t("result.content", { mention }),
    embeds: [embed],
    components: [
      ...gridButtons(record, jobId, ctx.requesterId),
      ...resultToolsRow(t, { jobId, requesterId: ctx.requesterId }, ["remix", "prompt", "delete"]),
    ],
    allowedMentions: pingOnly(ctx.requesterId),
  });
}

/** `2x` as people read it: `2×`. */
export function factorLabel(factor: UpscaleFactor): string {
  return factor.replace("x", "×");
}

/**
 * One Enhance button per factor for image `index` of grid `jobId`, posted for `requesterId`, labelled
 * "Enhance 2× (uses credits)" unless `label` is given; none when `factors` is empty or the ids cannot be
 * carried by a button.
 */
export function enhanceButtons(
  t: Translator,
  jobId: string,
  index: number,
  requesterId: string,
  factors: readonly UpscaleFactor[],
  label = (factor: UpscaleFactor) => t("enhance.button", { factor: factorLabel(factor) }),
): APIActionRowComponent<APIButtonComponent>[] {
  const buttons: APIButtonComponent[] = [];
  for (const factor of factors) {
    const request = { jobId, index, factor, requesterId };
    let customId: string;
    try {
      customId = enhanceIdCodec.encode(request);
    } catch {
      return []; // a job or user id no button can carry: no Enhance here
    }
    buttons.push({
      type: 2,
      style: 2,
      custom_id: customId,
      label: label(factor),
    });
  }
  return buttons.length === 0 ? [] : [{ type: 1, components: buttons }];
}

/**
 * One image of the grid, U(index+1), posted as a new message replying to the grid. The content mentions
 * the clicker, whom the messenger lets it ping (and nobody else, not the replied-to grid's author). With
 * `enhanceFactors`, an Enhance button per factor (only the requester or a moderator may use them) and a note
 * that they cost credits. When the service did not return that image, or `ctx.imageUrl` is missing, the
 * message says so instead.
 */
export function renderUpscale(
  t: Translator,
  record: ImageRecord,
  index: number,
  ctx: RenderContext,
  enhanceFactors: readonly UpscaleFactor[] = [],
): MessagePayload {
  const jobId = ctx.jobId ?? record.id;
  const source = upscaleSourceUrl(record, index);
  const image = source === null ? null : (ctx.imageUrl ?? null);
  // `source` is only non-null for an index of 0-3, so `name` is set whenever an image is shown.
  const name = Number.isInteger(index) && index >= 0 && index < GRID_SIZE ? `U${index + 1}` : null;
  const mention = userMention(ctx.requesterId);
  const embed: APIEmbed =
    image !== null && image !== ""
      ? {
          title: t("upscale.title", { name: name ?? "" }),
          description: promptBlock(t, ctx.prompt.text, UPSCALE_PROMPT_LENGTH),
          color: EMBED_COLORS.completed,
          image: { url: image },
        }
      : {
          title: name === null ? t("upscale.thisUnavailable") : t("upscale.unavailable", { name }),
          description: source === null ? t("upscale.notReturned") : t("upscale.notShown"),
          color: EMBED_COLORS.failed,
        };
  const footer = jobFooter(t, jobId);
  if (footer) embed.footer = footer;
  const enhance =
    embed.image === undefined ? [] : enhanceButtons(t, jobId, index, ctx.requesterId, enhanceFactors);
  if (enhance.length > 0) embed.description = `${embed.description ?? ""}\n\n${t("enhance.creditNote")}`;
  const tools =
    embed.image === undefined
      ? []
      : resultToolsRow(t, { jobId, requesterId: ctx.requesterId, index }, [
          "remix",
          "more",
          "prompt",
          "delete",
        ]);
  return fitMessageLimits({
    content:
      mention === "" || embed.image === undefined ? "" : t("upscale.content", { mention, name: name ?? "" }),
    embeds: [embed],
    components: [...enhance, ...tools],
    allowedMentions: NO_PINGS,
  });
}

/**
 * An Enhance result: image U(`index`+1) upscaled by `factor` (`ctx.imageUrl`), with the prompt, who asked,
 * when and how long it took, and the job id. The content mentions the requester, the one person pinged
 * when this is sent as a new message. Without an image it says it could not be shown here.
 */
export function renderEnhanced(
  t: Translator,
  upscale: { index: number; factor: UpscaleFactor },
  ctx: RenderContext,
): MessagePayload {
  const name = `U${upscale.index + 1}`;
  const image = ctx.imageUrl ?? "";
  const factor = factorLabel(upscale.factor);
  const note = image === "" ? `\n\n${t("enhance.notShown")}` : "";
  const embed: APIEmbed = {
    title: t("enhance.title", { name, factor }),
    description: `${promptBlock(t, ctx.prompt.text, UPSCALE_PROMPT_LENGTH)}${note}`,
    color: EMBED_COLORS.completed,
    fields: requestFields(t, ctx),
  };
  if (image !== "") embed.image = { url: image };
  const footer = jobFooter(t, ctx.shownId ?? ctx.jobId);
  if (footer) embed.footer = footer;
  const mention = userMention(ctx.requesterId);
  return fitMessageLimits({
    content: mention === "" ? "" : t("enhance.content", { mention, name, factor }),
    embeds: [embed],
    components: resultToolsRow(t, { jobId: ctx.jobId, requesterId: ctx.requesterId }, ["prompt", "delete"]),
    allowedMentions: pingOnly(ctx.requesterId),
  });
}

/**
 * What a progress message that could not be deleted becomes once the result is posted: one line pointing
 * to the result (by its jump link when known), with nothing else left of the progress.
 */
export function renderResultPointer(t: Translator, resultLink: string | null): MessagePayload {
  return {
    content: resultLink === null ? t("result.pointerBelow") : t("result.pointer", { link: resultLink }),
    embeds: [],
    components: [],
    allowedMentions: NO_PINGS,
  };
}

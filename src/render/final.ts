/** Messages with a finished image: the 2x2 grid with its buttons, and a single upscaled image. */
import type {
  APIActionRowComponent,
  APIButtonComponent,
  APIEmbed,
  APIEmbedField,
} from "discord-api-types/v10";
import { parsePrompt, promptAspectRatio } from "../prompt/parse-prompt.js";
import type { ImageRecord } from "../service/schema.js";
import { GRID_SIZE } from "../discord/components/grid-button-id.js";
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
export function renderCompleted(record: ImageRecord, ctx: RenderContext): MessagePayload {
  const jobId = ctx.jobId ?? record.id;
  const fields: APIEmbedField[] = requestFields(ctx);
  const ratio = promptAspectRatio(parsePrompt(ctx.prompt));
  if (ratio) fields.push({ name: "Aspect ratio", value: `${ratio.width}:${ratio.height}`, inline: true });
  const note = ctx.imageUrl
    ? "Pick **U1–U4** to get one image on its own, or 🔄 to run the prompt again."
    : "⚠️ The image could not be shown here. Pick **U1–U4** to get single images, or 🔄 to try again.";
  const embed: APIEmbed = {
    title: "✅ Your image is ready",
    description: `${promptBlock(ctx.prompt, PROMPT_LENGTH)}\n\n${note}`,
    color: EMBED_COLORS.completed,
    fields,
  };
  if (ctx.imageUrl) embed.image = { url: ctx.imageUrl };
  const footer = jobFooter(jobId);
  if (footer) embed.footer = footer;
  const mention = userMention(ctx.requesterId);
  return fitMessageLimits({
    content: mention === "" ? "" : `${mention} your image is ready.`,
    embeds: [embed],
    components: gridButtons(record, jobId, ctx.requesterId),
    allowedMentions: pingOnly(ctx.requesterId),
  });
}

/**
 * One image of the grid, U(index+1), posted as a new message replying to the grid. The requester is
 * mentioned without a ping: they just clicked the button. When the service did not return that image,
 * or `ctx.imageUrl` is missing, the message says so instead.
 */
export function renderUpscale(record: ImageRecord, index: number, ctx: RenderContext): MessagePayload {
  const jobId = ctx.jobId ?? record.id;
  const source = upscaleSourceUrl(record, index);
  const image = source === null ? null : (ctx.imageUrl ?? null);
  // `source` is only non-null for an index of 0-3, so `name` is set whenever an image is shown.
  const name = Number.isInteger(index) && index >= 0 && index < GRID_SIZE ? `U${index + 1}` : null;
  const mention = userMention(ctx.requesterId);
  const embed: APIEmbed =
    image !== null && image !== ""
      ? {
          title: `🖼️ Image ${name}`,
          description: promptBlock(ctx.prompt, UPSCALE_PROMPT_LENGTH),
          color: EMBED_COLORS.completed,
          image: { url: image },
        }
      : {
          title: `${name === null ? "This image" : `Image ${name}`} is not available`,
          description:
            source === null
              ? "The image service did not return this image. Use 🔄 on the grid to run the prompt again."
              : "This image could not be shown here. Try the button again in a moment.",
          color: EMBED_COLORS.failed,
        };
  const footer = jobFooter(jobId);
  if (footer) embed.footer = footer;
  return fitMessageLimits({
    content: mention === "" || embed.image === undefined ? "" : `${mention} here is image ${name}.`,
    embeds: [embed],
    components: [],
    allowedMentions: NO_PINGS,
  });
}

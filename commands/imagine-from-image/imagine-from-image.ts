/**
 * "Imagine from this image": a message command (right-click a message → Apps) that opens a modal with a
 * prompt to type and the message's first image as the image prompt; submitting it starts a job through the
 * same start flow as /imagine (prompt checks, banned words, every limit), answered through the modal's
 * interaction, so it works wherever /imagine does, also where the bot is not a member.
 * @see https://discord.com/developers/docs/interactions/application-commands#message-commands
 */
import type { BotContext } from "../../src/bot-context.js";
import type { ComponentHandler } from "../../src/discord/component.js";
import type { MessageCommand } from "../../src/discord/message-command.js";
import { UserError } from "../../src/errors.js";
import { preparePrompt } from "../../src/prompt/prepare-prompt.js";
import { checkAndStartJob } from "../imagine/interaction-start.js";
import { firstImageUrl } from "../shared/message-image.js";
import { IMAGINE_FROM_IMAGE_PREFIX, imagineFromImageCodec } from "./imagine-from-image-id.js";
import { IMAGE_FIELD, PROMPT_FIELD, renderImagineFromImageModal } from "./imagine-from-image-view.js";

/** The file name a link ends with (its path's last part), which says what kind of image it is. */
function fileNameOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split("/").at(-1) ?? "") || url;
  } catch {
    return url;
  }
}

/** The message command: opens the modal on the message's first image, or says there is none. */
export const imagineFromImage: MessageCommand<BotContext> = {
  kind: "message",
  nameKey: "messageCommand.imagineFromImage.name",
  async execute({ interaction, app, lang }) {
    const imageUrl = firstImageUrl(interaction.targetMessage);
    if (imageUrl === null) throw new UserError((t) => t("imagineFromImage.noImage"));
    await interaction.showModal(
      renderImagineFromImageModal(
        lang.ephemeral,
        interaction.targetId,
        imageUrl,
        app.config.PROMPT_MAX_LENGTH,
      ),
    );
  },
};

/** The modal's submit: the typed prompt with the image, started like /imagine with an attached image. */
export const imagineFromImageModal: ComponentHandler<string, BotContext> = {
  prefix: IMAGINE_FROM_IMAGE_PREFIX,
  codec: imagineFromImageCodec,
  async execute(interaction, _messageId, context) {
    if (!interaction.isModalSubmit()) throw new UserError((t) => t("error.deadControl"));
    const { app } = context;
    const typed = interaction.fields.getTextInputValue(PROMPT_FIELD);
    const url = interaction.fields.getTextInputValue(IMAGE_FIELD).trim();
    const limits = {
      maxLength: app.config.PROMPT_MAX_LENGTH,
      attachmentMaxBytes: app.config.ATTACHMENT_MAX_BYTES,
    };
    // Its size is unknown here: the generator fetches it, as it would an image link typed in a prompt.
    const image = { url, name: fileNameOf(url), contentType: null, size: 0 };
    await checkAndStartJob(interaction, context, typed, (defaults) =>
      preparePrompt(typed, [image], limits, defaults),
    );
  },
};
